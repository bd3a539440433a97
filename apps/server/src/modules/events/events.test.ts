// The SSE stream over real HTTP (app.listen on a free port) read by a real streaming fetch client.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { openStream, type SseEvent, type SseStream } from '../../test/sse-client';
import { escalateDueAlarms } from '../alarms/alarm-escalation';

describe.each(engines)('real-time events on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const streams: SseStream[] = [];
  const open = async (
    tenant: Tenant,
    opts: { lastEventId?: string; query?: string; countOnly?: boolean } = {},
  ) => {
    const s = await openStream(base, tenant.token, opts);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { SSE_HEARTBEAT_MS: '200' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const setup = async () => {
    const owner = await registerCompany(t.app);
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Centre commercial', address: 'Av. de la Gare' },
      })
    ).json().id as string;
    const raise = async (title: string, severity = 'medium') =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/alarms',
          headers: owner.auth,
          payload: { siteId, title, description: 'd', location: 'l', severity },
        })
      ).json();
    return { owner, siteId, raise };
  };
  const titled = (title: string) => (e: SseEvent) =>
    (e.data as { data: { title?: string } }).data.title === title;

  it('pushes alarm.created and alarm.updated with ids to the company, and nothing to another company', async () => {
    const { owner, raise } = await setup();
    const stranger = await registerCompany(t.app);
    const mine = await open(owner);
    const theirs = await open(stranger);
    // The benchmark's counting dashboards: counts events, skips comments and `retry:`.
    const counting = await open(owner, { countOnly: true });
    expect(mine.status).toBe(200);
    const a = await raise('Bris de vitre', 'critical');
    const created = await mine.waitFor(titled('Bris de vitre'));
    expect(created.event).toBe('alarm.created');
    expect(created.id).toMatch(/^\d+$/);
    expect(created.data).toMatchObject({
      type: 'alarm.created',
      data: { id: a.id, severity: 'critical', status: 'active', siteName: 'Centre commercial' },
    });
    await t.app.inject({ method: 'POST', url: `/api/alarms/${a.id}/acknowledge`, headers: owner.auth });
    const updated = await mine.waitFor((e) => e.event === 'alarm.updated');
    expect(updated.data).toMatchObject({
      data: { id: a.id, status: 'acknowledged', change: 'acknowledged' },
    });
    expect(Number(updated.id)).toBeGreaterThan(Number(created.id));
    // The stranger's stream stays silent (heartbeats aside).
    await mine.waitFor(() => false, 600).catch(() => undefined);
    expect(theirs.events).toEqual([]);
    expect(theirs.comments).toContain('ping');
    expect(counting.count).toBe(2);
    expect(counting.events).toEqual([]);
  });

  it('replays what a client missed when it reconnects with Last-Event-ID (header or query)', async () => {
    const { owner, raise } = await setup();
    const first = await open(owner);
    await raise('Avant coupure');
    const seen = await first.waitFor(titled('Avant coupure'));
    first.close();
    await first.closed;
    await raise('Pendant coupure 1');
    await raise('Pendant coupure 2');
    const again = await open(owner, { lastEventId: seen.id });
    await again.waitFor(titled('Pendant coupure 2'));
    expect(again.events.map((e) => (e.data as { data: { title: string } }).data.title)).toEqual([
      'Pendant coupure 1',
      'Pendant coupure 2',
    ]);
    const viaQuery = await open(owner, { query: `?lastEventId=${seen.id}` });
    await viaQuery.waitFor(titled('Pendant coupure 2'));
    expect(viaQuery.events).toHaveLength(2);
    // Without an id, a stream starts from now.
    const fresh = await open(owner);
    await raise('Après');
    await fresh.waitFor(titled('Après'));
    expect(fresh.events).toHaveLength(1);
  });

  it('says when a stream is attached, with the id to resume from and whether to read again', async () => {
    const { owner, raise } = await setup();
    const readyOf = async (s: SseStream) => {
      await expect.poll(() => s.ready.length, { timeout: 5000 }).toBe(1);
      const ready = s.ready[0] as SseEvent;
      return { id: ready.id, resync: (ready.data as { data: { resync: boolean } }).data.resync };
    };
    // Before any event of the company: a fresh stream resumes from 0 and asks for a resync (the
    // screens read before it was attached may be behind).
    const first = await open(owner);
    expect(await readyOf(first)).toEqual({ id: '0', resync: true });
    first.close();
    await first.closed;
    // Reconnecting with that id, before any event was received, replays what was missed.
    await raise('Pendant la coupure');
    const back = await open(owner, { lastEventId: '0' });
    const missed = await back.waitFor(titled('Pendant la coupure'));
    const again = await readyOf(back);
    expect(again).toEqual({ id: missed.id, resync: false });
    expect(back.events).toHaveLength(1);
    // A fresh stream starts at the newest event.
    expect(await readyOf(await open(owner))).toEqual({ id: missed.id, resync: true });
  });

  it('sends escalations to administrators and operators, not to agents', async () => {
    const { owner, raise } = await setup();
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    const agentStream = await open(agent);
    const operatorStream = await open(operator);
    await raise('Alarme critique', 'critical');
    await escalateDueAlarms(t.db, { minutes: 5, mailer: null, now: new Date(Date.now() + 6 * 60_000) });
    const esc = await operatorStream.waitFor((e) => e.event === 'alarm.escalated');
    expect(esc.data).toMatchObject({ data: { title: 'Alarme critique', change: 'escalated' } });
    await agentStream.waitFor(titled('Alarme critique'));
    await agentStream.waitFor(() => false, 500).catch(() => undefined);
    expect(agentStream.events.map((e) => e.event)).toEqual(['alarm.created']);
  });

  it('needs a session (401) and a valid lastEventId (422)', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe('Authentification requise');
    const { owner } = await setup();
    const bad = await fetch(`${base}/api/events?lastEventId=abc`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail[0].msg).toBe("Identifiant d'événement invalide");
  });

  it('closes open streams when the app closes', async () => {
    const other = await createTestApp(engine);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const owner = await registerCompany(other.app);
    const s = await openStream(url, owner.token);
    expect(s.status).toBe(200);
    await other.close();
    await s.closed;
  });
});
