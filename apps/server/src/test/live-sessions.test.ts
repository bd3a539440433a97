// Long-lived connections end with their session (issue 29, finding 3): the push-to-talk socket and
// the event stream, over real HTTP with real WebSocket and SSE clients, are closed at once on
// logout, deletion, a change of role and removal from the channel (the re-check interval stays at
// its 60 s default there, so only the signal can close them in time), on another instance sharing
// the PostgreSQL database too, and by the periodic re-check when nothing signals the end.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { createAgent } from '../modules/planning/test-support';
import { createChannel } from '../modules/radio/test-support';
import {
  addUser,
  createTestApp,
  engines,
  login,
  registerCompany,
  type Tenant,
  type TestApp,
} from './harness';
import { openStream, type SseStream } from './sse-client';

/** A signal must close the connection well within this; the periodic re-check is 60 s away. */
const AT_ONCE_MS = 2500;

interface Server {
  app: FastifyInstance;
  http: string;
  ws: string;
}

const serve = async (app: FastifyInstance): Promise<Server> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
};

async function api(s: Server, who: Tenant, method: string, url: string, body?: unknown) {
  const res = await fetch(`${s.http}${url}`, {
    method,
    headers: {
      ...who.auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

interface Socket {
  ws: WebSocket;
  texts: { type: string }[];
  closed: Promise<{ code: number; reason: string; at: number }>;
}

async function ticketFor(s: Server, who: Tenant, channelId: string) {
  const res = await api(s, who, 'POST', '/api/radio/ptt/ticket', { channelId });
  expect(res.status).toBe(200);
  return (res.body as { ticket: string }).ticket;
}

const sockets: Socket[] = [];

async function openSocket(s: Server, ticket: string): Promise<Socket> {
  const ws = new WebSocket(`${s.ws}/api/radio/ptt/socket?ticket=${ticket}`);
  const socket: Socket = {
    ws,
    texts: [],
    closed: new Promise((ok) =>
      ws.once('close', (code, reason) => ok({ code, reason: reason.toString('utf8'), at: Date.now() })),
    ),
  };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) socket.texts.push(JSON.parse(String(data)));
  });
  await new Promise<void>((ok, ko) => {
    ws.once('open', () => ok());
    ws.once('error', ko);
  });
  // Joined: the server has registered it.
  for (let i = 0; i < 50 && !socket.texts.some((m) => m.type === 'joined'); i++)
    await new Promise((ok) => setTimeout(ok, 20));
  expect(socket.texts.some((m) => m.type === 'joined')).toBe(true);
  sockets.push(socket);
  return socket;
}

const connect = async (s: Server, who: Tenant, channelId: string) =>
  openSocket(s, await ticketFor(s, who, channelId));

/** The status of a refused upgrade (101 if it opened). */
const upgradeStatus = (s: Server, ticket: string) =>
  new Promise<number>((ok) => {
    const ws = new WebSocket(`${s.ws}/api/radio/ptt/socket?ticket=${ticket}`);
    ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      ok(101);
    });
    ws.on('error', () => undefined);
  });

/** The close of `socket`, which must come within `ms` of `since`. */
async function closedWithin(socket: Socket, since: number, ms = AT_ONCE_MS) {
  const timeout = new Promise<never>((_ok, ko) =>
    setTimeout(() => ko(new Error(`socket still open after ${ms} ms`)), ms),
  );
  const closed = await Promise.race([socket.closed, timeout]);
  expect(closed.at - since).toBeLessThan(ms);
  return closed;
}

async function streamClosedWithin(stream: SseStream, ms = AT_ONCE_MS) {
  const timeout = new Promise<'open'>((ok) => setTimeout(() => ok('open'), ms));
  expect(await Promise.race([stream.closed.then(() => 'closed' as const), timeout])).toBe('closed');
}

const stillOpen = async (socket: Socket, ms = 400) => {
  await new Promise((ok) => setTimeout(ok, ms));
  return socket.ws.readyState === WebSocket.OPEN;
};

/** Ends the user's sessions without the change feed hearing it (their end date passes). */
const expireSessions = (db: Database, who: Tenant) =>
  db.withTenant(who.company.id, (tx) =>
    tx.execute(sql`update sessions set expires_at = now() - interval '1 second'
                     where company_id = ${who.company.id} and user_id = ${who.user.id}`),
  );

const streams: SseStream[] = [];
const openEvents = async (s: Server, who: Tenant) => {
  const stream = await openStream(s.http, who.token);
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
};

afterAll(() => {
  for (const s of sockets) s.ws.terminate();
  for (const s of streams) s.close();
});

describe.each(engines)('long-lived connections and their sessions on %s', (engine) => {
  let t: TestApp;
  let fast: TestApp;
  let main: Server;
  let quick: Server;

  beforeAll(async () => {
    t = await createTestApp(engine);
    expect(t.config.liveSessionRecheckMs).toBe(60_000);
    fast = await createTestApp(engine, { LIVE_SESSION_RECHECK_MS: '200' });
    main = await serve(t.app);
    quick = await serve(fast.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const s of streams) s.close();
    await t?.close();
    await fast?.close();
  });

  it('logout closes the socket and the event stream at once; a ticket given before it opens nothing', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner);
    const ownerSocket = await connect(main, owner, channel.id);
    const socket = await connect(main, operator, channel.id);
    const stream = await openEvents(main, operator);
    const spare = await ticketFor(main, operator, channel.id);

    const since = Date.now();
    expect((await api(main, operator, 'POST', '/api/auth/logout')).status).toBe(204);
    const closed = await closedWithin(socket, since);
    expect(closed).toMatchObject({ code: 4401, reason: 'Session terminée' });
    await streamClosedWithin(stream);
    // The ticket was given to the session that ended.
    expect(await upgradeStatus(main, spare)).toBe(401);
    // Other people's connections stay.
    expect(await stillOpen(ownerSocket)).toBe(true);
  });

  it("deleting the user closes their socket and stream at once, not their colleagues'", async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const colleague = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner);
    const socket = await connect(main, operator, channel.id);
    const stream = await openEvents(main, operator);
    const other = await connect(main, colleague, channel.id);
    const otherStream = await openEvents(main, colleague);

    const since = Date.now();
    expect((await api(main, owner, 'DELETE', `/api/users/${operator.user.id}`)).status).toBe(204);
    expect(await closedWithin(socket, since)).toMatchObject({ code: 4401 });
    await streamClosedWithin(stream);
    expect(await stillOpen(other)).toBe(true);
    expect(otherStream.status).toBe(200);
    expect(await Promise.race([otherStream.closed.then(() => 'closed'), Promise.resolve('open')])).toBe(
      'open',
    );
  });

  it('a change of role closes the socket and the stream at once; the new role opens them again', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner);
    const socket = await connect(main, operator, channel.id);
    const stream = await openEvents(main, operator);

    const since = Date.now();
    const res = await api(main, owner, 'PATCH', `/api/users/${operator.user.id}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect(await closedWithin(socket, since)).toMatchObject({ code: 4401 });
    await streamClosedWithin(stream);
    // The session itself goes on, with its new role.
    const again = await connect(main, operator, channel.id);
    expect(await stillOpen(again)).toBe(true);
  });

  it("an administrator's password reset and a lowered role close the user's connections at once", async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner);
    let socket = await connect(main, operator, channel.id);
    const stream = await openEvents(main, operator);

    let since = Date.now();
    const reset = { password: 'nouveau-secret-2026', adminPassword: owner.password };
    expect((await api(main, owner, 'PATCH', `/api/users/${operator.user.id}`, reset)).status).toBe(200);
    expect(await closedWithin(socket, since)).toMatchObject({ code: 4401 });
    await streamClosedWithin(stream);

    const again = await login(t.app, operator.user.email, 'nouveau-secret-2026');
    socket = await connect(main, again, channel.id);
    since = Date.now();
    const lower = { role: 'agent', adminPassword: owner.password };
    expect((await api(main, owner, 'PATCH', `/api/users/${operator.user.id}`, lower)).status).toBe(200);
    expect(await closedWithin(socket, since)).toMatchObject({ code: 4401 });
  });

  it("removal from the channel, then the channel's deletion, close its sockets at once", async () => {
    const owner = await registerCompany(t.app);
    const agentUser = await addUser(t.app, owner, 'agent');
    const agent = await createAgent(t.app, owner, { userId: agentUser.user.id });
    const channel = await createChannel(t.app, owner, { agentIds: [agent.id] });
    const elsewhere = await createChannel(t.app, owner, { agentIds: [agent.id] });
    const agentSocket = await connect(main, agentUser, channel.id);
    const agentElsewhere = await connect(main, agentUser, elsewhere.id);
    const ownerSocket = await connect(main, owner, channel.id);

    let since = Date.now();
    const members = { agentIds: [], radioIds: [] };
    expect((await api(main, owner, 'PUT', `/api/radio/channels/${channel.id}/members`, members)).status).toBe(
      200,
    );
    expect(await closedWithin(agentSocket, since)).toMatchObject({
      code: 4403,
      reason: 'Accès au canal retiré',
    });
    // The control room talks on every channel; the agent is still on the other one.
    expect(await stillOpen(ownerSocket)).toBe(true);
    expect(agentElsewhere.ws.readyState).toBe(WebSocket.OPEN);
    expect(
      (await api(main, agentUser, 'POST', '/api/radio/ptt/ticket', { channelId: channel.id })).status,
    ).toBe(404);

    since = Date.now();
    expect((await api(main, owner, 'DELETE', `/api/radio/channels/${channel.id}`)).status).toBe(204);
    expect(await closedWithin(ownerSocket, since)).toMatchObject({ code: 4403 });
    expect(await stillOpen(agentElsewhere)).toBe(true);
  });

  it('the periodic re-check closes what ended without a signal: not before its interval, within it', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const channel = await createChannel(t.app, owner);
    const slow = await connect(main, operator, channel.id);
    await expireSessions(t.db, operator);
    // No signal was sent, and the 60 s re-check is far: the default instance has not seen it yet.
    expect(await stillOpen(slow, 600)).toBe(true);

    const quickOwner = await registerCompany(fast.app);
    const quickOperator = await addUser(fast.app, quickOwner, 'operator');
    const quickChannel = await createChannel(fast.app, quickOwner);
    const socket = await connect(quick, quickOperator, quickChannel.id);
    const stream = await openEvents(quick, quickOperator);
    const keeps = await connect(quick, quickOwner, quickChannel.id);
    const since = Date.now();
    await expireSessions(fast.db, quickOperator);
    // Re-checked every 200 ms: closed within that (plus the check itself).
    expect(await closedWithin(socket, since, 1500)).toMatchObject({ code: 4401 });
    await streamClosedWithin(stream, 1500);
    expect(await stillOpen(keeps, 600)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('live sessions across two instances on PostgreSQL', () => {
  let a: TestApp;
  let bDb: Database;
  let onA: Server;
  let onB: Server;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    bDb = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 5 });
    const bApp = await buildApp({ config: a.config, db: bDb });
    onA = await serve(a.app);
    onB = await serve(bApp);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const s of streams) s.close();
    await onB?.app.close();
    await bDb?.close();
    await a?.close();
  });

  it('a logout, a deletion and a removal from the channel on A close the connections held by B at once', async () => {
    const owner = await registerCompany(a.app);
    const operator = await addUser(a.app, owner, 'operator');
    const doomed = await addUser(a.app, owner, 'operator');
    const agentUser = await addUser(a.app, owner, 'agent');
    const agent = await createAgent(a.app, owner, { userId: agentUser.user.id });
    const channel = await createChannel(a.app, owner, { agentIds: [agent.id] });
    // A ticket opens a socket on the instance that gave it.
    const socket = await connect(onB, operator, channel.id);
    const stream = await openEvents(onB, operator);
    const doomedSocket = await connect(onB, doomed, channel.id);
    const agentSocket = await connect(onB, agentUser, channel.id);

    let since = Date.now();
    expect((await api(onA, operator, 'POST', '/api/auth/logout')).status).toBe(204);
    expect(await closedWithin(socket, since)).toMatchObject({ code: 4401 });
    await streamClosedWithin(stream);

    since = Date.now();
    expect((await api(onA, owner, 'DELETE', `/api/users/${doomed.user.id}`)).status).toBe(204);
    expect(await closedWithin(doomedSocket, since)).toMatchObject({ code: 4401 });

    since = Date.now();
    const members = { agentIds: [], radioIds: [] };
    expect((await api(onA, owner, 'PUT', `/api/radio/channels/${channel.id}/members`, members)).status).toBe(
      200,
    );
    expect(await closedWithin(agentSocket, since)).toMatchObject({ code: 4403 });
  });
});
