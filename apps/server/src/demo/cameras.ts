// Cameras that answer: a TCP listener on 127.0.0.1 for each demo camera streaming on this machine,
// so that the camera health probe (a TCP connection to the stream's port) finds them online. Now and
// then one listener closes for a while, and the probe sees that camera drop and come back.
import { createServer, type Server, type Socket } from 'node:net';

export class CameraFarm {
  private readonly servers = new Map<number, Server>();
  private readonly sockets = new Set<Socket>();
  /** The port closed for now, if any. */
  down: number | null = null;

  constructor(private readonly log: (line: string) => void) {}

  /** Opens one listener per port; a port already taken (another program) is left alone. */
  async open(ports: number[]) {
    let busy = 0;
    // A setup tried again: the ports already open here stay as they are.
    for (const port of ports) if (!this.servers.has(port) && !(await this.listen(port))) busy += 1;
    if (busy > 0) this.log(`simulateur : ${busy} port(s) caméra déjà pris sur 127.0.0.1, laissés tels quels`);
    return this.servers.size;
  }

  private listen(port: number) {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
      socket.end();
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
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  async close() {
    for (const s of this.sockets) s.destroy();
    await Promise.all([...this.servers.keys()].map((p) => this.closeOne(p)));
  }
}
