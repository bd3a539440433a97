// Push-to-talk over the real socket (one-time tickets, one speaker per channel, pre-emption on an
// emergency channel, the transmission kept with its audio) and speech-to-text through a local
// server speaking the OpenAI-compatible API, whose transcript goes through emergency detection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';
import { createChannel } from '../test-support';

/** The first bytes of a WebM file (EBML header), as MediaRecorder's first chunk starts. */
const webmChunk = (n: number) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), Buffer.alloc(n, 7)]);

type Message = { type: string; [k: string]: unknown };

/** A socket client that queues what it receives, to await messages in order. */
class Client {
  readonly texts: Message[] = [];
  readonly binaries: Buffer[] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaries.push(Buffer.from(data as Buffer));
      else this.texts.push(JSON.parse(String(data)) as Message);
      for (const w of this.waiters.splice(0)) w();
    });
  }
  async next(type: string, timeoutMs = 5_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.texts.findIndex((m) => m.type === type);
      if (i >= 0) return this.texts.splice(i, 1)[0] as Message;
      if (Date.now() > deadline) throw new Error(`no '${type}' message; got ${JSON.stringify(this.texts)}`);
      await new Promise<void>((ok) => {
        this.waiters.push(ok);
        setTimeout(ok, 100);
      });
    }
  }
  send(m: unknown) {
    this.ws.send(JSON.stringify(m));
  }
}

describe.each(engines)('push-to-talk and transcription on %s', (engine) => {
  let t: TestApp;
  let stt: Server;
  let base: string;
  const heard: { fields: string; bytes: number }[] = [];

  beforeAll(async () => {
    // The speech-to-text service: answers every recording with the same French sentence.
    stt = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('latin1');
        if (
          req.url !== '/v1/audio/transcriptions' ||
          !String(req.headers['content-type']).startsWith('multipart/form-data')
        ) {
          res.writeHead(404).end();
          return;
        }
        heard.push({ fields: body.match(/name="[a-z_]+"/g)?.join(',') ?? '', bytes: body.length });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: "Au secours, on m'agresse au portail nord" }));
      });
    });
    await new Promise<void>((ok) => stt.listen(0, '127.0.0.1', ok));
    t = await createTestApp(engine, {
      TRANSCRIBE_URL: `http://127.0.0.1:${(stt.address() as AddressInfo).port}`,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((ok) => stt.close(ok));
  });

  async function ticket(who: Tenant, channelId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/radio/ptt/ticket',
      headers: who.auth,
      payload: { channelId },
    });
    return res;
  }

  async function connect(who: Tenant, channelId: string) {
    const res = await ticket(who, channelId);
    expect(res.statusCode).toBe(200);
    const ws = new WebSocket(`${base}/api/radio/ptt/socket?ticket=${res.json().ticket}`);
    const client = new Client(ws);
    await new Promise<void>((ok, ko) => {
      ws.once('open', () => ok());
      ws.once('error', ko);
    });
    return client;
  }

  /** The HTTP status a refused upgrade answers. */
  const refusedWith = (url: string) =>
    new Promise<number>((ok) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        ok(101);
      });
      ws.on('error', () => undefined);
    });

  it('relays one speaker to the listeners, refuses a second, keeps the transmission and transcribes it', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner, { name: 'Site Nord' });
    const a = await connect(owner, channel.id);
    const b = await connect(operator, channel.id);
    expect(await a.next('joined')).toMatchObject({ channelName: 'Site Nord', speaker: null });
    await b.next('joined');

    a.send({ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' });
    await a.next('granted');
    expect(await b.next('speaker-start')).toMatchObject({ mimeType: 'audio/webm;codecs=opus' });
    // Another speaker on a normal channel is told the channel is busy.
    b.send({ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' });
    expect((await b.next('busy')).message).toMatch(/^Canal occupé : /);
    const chunks = [webmChunk(400), Buffer.alloc(300, 1), Buffer.alloc(300, 2)];
    for (const c of chunks) a.ws.send(c);
    // What B sent while A talks is not relayed.
    b.ws.send(Buffer.alloc(50, 9));
    a.send({ type: 'talk-end' });
    const end = await b.next('speaker-end');
    expect(Buffer.concat(b.binaries).equals(Buffer.concat(chunks))).toBe(true);
    expect(a.binaries).toHaveLength(0);
    const communicationId = end.communicationId as string;
    expect(communicationId).toMatch(/^[0-9a-f-]{36}$/);

    // Kept with its audio; the speech-to-text service is called, and its transcript is analysed.
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/radio/communications/${communicationId}/audio`,
      headers: owner.auth,
    });
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
    let comm: { transcriptStatus: string; transcript: string | null; emergencyDetected: boolean } | undefined;
    for (let i = 0; i < 50; i++) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/radio/communications/',
        headers: owner.auth,
      });
      comm = list.json()[0];
      if (comm?.transcriptStatus === 'done') break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(comm).toMatchObject({
      transcriptStatus: 'done',
      transcript: "Au secours, on m'agresse au portail nord",
      emergencyDetected: true,
      source: 'browser',
    });
    expect(heard.at(-1)?.fields).toContain('name="model"');
    expect(heard.at(-1)?.fields).toContain('name="language"');
    const alerts = (
      await t.app.inject({ method: 'GET', url: '/api/radio/alerts/', headers: owner.auth })
    ).json();
    expect(alerts[0]).toMatchObject({
      type: 'emergency',
      category: 'agression',
      communicationId,
      radioId: null,
    });
    a.ws.close();
    b.ws.close();
  });

  it('on an emergency-priority channel a new speaker pre-empts the current one', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner, { name: 'Urgences', type: 'emergency', priority: 2 });
    const a = await connect(owner, channel.id);
    const b = await connect(operator, channel.id);
    a.send({ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' });
    await a.next('granted');
    a.ws.send(webmChunk(100));
    b.send({ type: 'talk-start', mimeType: 'audio/webm;codecs=opus' });
    expect((await a.next('preempted')).message).toMatch(/canal d’urgence/);
    await b.next('granted');
    expect(await a.next('speaker-start')).toMatchObject({ transmissionId: expect.any(String) });
    a.ws.close();
    b.ws.close();
  });

  it('opens only with a fresh ticket of the caller’s company and channel', async () => {
    const owner = await registerCompany(t.app);
    const channel = await createChannel(t.app, owner);
    expect(await refusedWith(`${base}/api/radio/ptt/socket`)).toBe(401);
    expect(await refusedWith(`${base}/api/radio/ptt/socket?ticket=forged`)).toBe(401);
    const res = await ticket(owner, channel.id);
    const url = `${base}/api/radio/ptt/socket?ticket=${res.json().ticket}`;
    expect(await refusedWith(url)).toBe(101);
    // Used once: never again.
    expect(await refusedWith(url)).toBe(401);
    const other = await registerCompany(t.app);
    expect((await ticket(other, channel.id)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/radio/ptt/ticket',
          payload: { channelId: channel.id },
        })
      ).statusCode,
    ).toBe(401);
    // An agent talks only on the channels they belong to.
    const agent = await addUser(t.app, owner, 'agent');
    expect((await ticket(agent, channel.id)).statusCode).toBe(404);
    const bad = await ticket(owner, 'pas-un-id');
    expect(bad.statusCode).toBe(422);
  });
});
