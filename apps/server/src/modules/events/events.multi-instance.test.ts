// Two server instances on one PostgreSQL database, both listening on real ports: events cross
// instances through LISTEN/NOTIFY, stay within their company, and are replayed after a reconnect.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openDatabase } from '../../db/client';
import { createTestApp, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { openStream, type SseEvent, type SseStream } from '../../test/sse-client';

const titleOf = (e: SseEvent) => (e.data as { data: { title?: string } }).data.title;

describe.skipIf(!process.env.TEST_DATABASE_URL)('real-time events across two instances on PostgreSQL', () => {
  let a: TestApp;
  let bApp: FastifyInstance;
  let bDb: Database;
  let urlA: string;
  let urlB: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await createTestApp('postgres');
    bDb = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 5 });
    bApp = await buildApp({ config: a.config, db: bDb });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await bApp.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    urlB = `http://127.0.0.1:${(bApp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await bApp?.close();
    await bDb?.close();
    await a?.close();
  });

  const open = async (url: string, tenant: Tenant, lastEventId?: string) => {
    const s = await openStream(url, tenant.token, { lastEventId });
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };
  const raiseOnA = async (tenant: Tenant, siteId: string, title: string) => {
    const res = await fetch(`${urlA}/api/alarms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId, title, description: 'd', location: 'l', severity: 'high' }),
    });
    expect(res.status).toBe(201);
    return { body: (await res.json()) as { id: string }, at: performance.now() };
  };

  it('delivers an alarm created on A to a client of B within a second, never to another company', async () => {
    const owner = await registerCompany(a.app);
    const stranger = await registerCompany(a.app);
    const siteId = (
      await a.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'S', address: 'A' },
      })
    ).json().id;
    const onB = await open(urlB, owner);
    const strangerOnB = await open(urlB, stranger);
    const strangerOnA = await open(urlA, stranger);
    const { body, at } = await raiseOnA(owner, siteId, 'Traverse les instances');
    const e = await onB.waitFor((x) => titleOf(x) === 'Traverse les instances', 1000);
    expect(e.event).toBe('alarm.created');
    expect((e.data as { data: { id: string } }).data.id).toBe(body.id);
    expect(e.receivedAt - at).toBeLessThan(1000);
    await onB.waitFor(() => false, 500).catch(() => undefined);
    expect(strangerOnB.events).toEqual([]);
    expect(strangerOnA.events).toEqual([]);
  });

  it('replays to a client that drops and reconnects to B with Last-Event-ID', async () => {
    const owner = await registerCompany(a.app);
    const siteId = (
      await a.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'S', address: 'A' },
      })
    ).json().id;
    const first = await open(urlB, owner);
    await raiseOnA(owner, siteId, 'Vu');
    const seen = await first.waitFor((x) => titleOf(x) === 'Vu', 1000);
    first.close();
    await first.closed;
    await raiseOnA(owner, siteId, 'Manqué 1');
    await raiseOnA(owner, siteId, 'Manqué 2');
    const back = await open(urlB, owner, seen.id);
    await back.waitFor((x) => titleOf(x) === 'Manqué 2', 2000);
    expect(back.events.map(titleOf)).toEqual(['Manqué 1', 'Manqué 2']);
    // And it keeps receiving live events afterwards.
    await raiseOnA(owner, siteId, 'En direct');
    await back.waitFor((x) => titleOf(x) === 'En direct', 1000);
  });
});
