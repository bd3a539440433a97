// Cameras that answer: a listener on 127.0.0.1 for each demo camera streaming on this machine, so
// that the camera health probe (a TCP connection to the stream's port) finds them online. With
// ffmpeg installed, each listener is a real RTSP camera (rtsp-camera.ts) relaying one shared test
// picture, so that the live view plays; without it, a plain TCP listener. Now and then one listener
// closes for a while (its connections cut), and the probe and the live view see that camera drop
// and come back.
import { createServer, type Server, type Socket } from 'node:net';
import { findFfmpeg } from '../modules/cameras/video/ffmpeg';
import { RtspTestCamera } from './rtsp-camera';

export class CameraFarm {
  private readonly servers = new Map<number, Server>();
  private readonly sockets = new Map<number, Set<Socket>>();
  private rtsp: RtspTestCamera | null = null;
  /** The port closed for now, if any. */
  down: number | null = null;

  constructor(private readonly log: (line: string) => void) {}

  /** Opens one listener per port; a port already taken (another program) is left alone. */
  async open(ports: number[]) {
    if (!this.rtsp && ports.length > 0 && findFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg')) {
      const rtsp = new RtspTestCamera();
      try {
        await rtsp.listen(0);
        // One encoder for every demo camera: a small picture at 15 images a second.
        await rtsp.startStream('demo', { width: 640, height: 360, fps: 15, gop: 15 });
        this.rtsp = rtsp;
      } catch (err) {
        this.log(`simulateur : flux vidéo de démonstration indisponible (${(err as Error).message})`);
        await rtsp.close();
      }
    }
    let busy = 0;
    // A setup tried again: the ports already open here stay as they are.
    for (const port of ports) if (!this.servers.has(port) && !(await this.listen(port))) busy += 1;
    if (busy > 0) this.log(`simulateur : ${busy} port(s) caméra déjà pris sur 127.0.0.1, laissés tels quels`);
    return this.servers.size;
  }

  private listen(port: number) {
    const open = this.sockets.get(port) ?? new Set<Socket>();
    this.sockets.set(port, open);
    const server = createServer((socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
      if (this.rtsp) this.rtsp.accept(socket, 'demo');
      else socket.end();
    });
    return new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => {
        this.servers.set(port, server);
        resolve(true);
      });
    });
  }

  /** Closes one camera's listener (it goes offline at the next probe); answers its port. */
  async drop(random: () => number) {
    if (this.down !== null) return null;
    const ports = [...this.servers.keys()];
    const port = ports[Math.floor(random() * ports.length)];
    if (port === undefined) return null;
    await this.closeOne(port);
    this.down = port;
    return port;
  }

  /** Reopens the dropped camera's listener. */
  async restore() {
    const port = this.down;
    if (port === null) return null;
    this.down = null;
    return (await this.listen(port)) ? port : null;
  }

  private async closeOne(port: number) {
    const server = this.servers.get(port);
    this.servers.delete(port);
    // A camera that goes down cuts the streams it was sending too.
    for (const s of this.sockets.get(port) ?? []) s.destroy();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  async close() {
    await Promise.all([...this.servers.keys()].map((p) => this.closeOne(p)));
    await this.rtsp?.close();
    this.rtsp = null;
  }
}
