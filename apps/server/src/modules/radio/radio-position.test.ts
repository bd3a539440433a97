// A radio's position moving on the control room's map: a status report with a new position pushes a
// `radio.position` event to the company's administrators and operators (not its agents, not another
// company), at most every 5 s per radio; the status statement's own choice (moved or not, inactive)
// on both engines.
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
import { createAgent } from '../planning/test-support';
import type { PositionPush } from './radios/position-pushes';
import { reportStatusSql } from './radios/radios.repository';
import { concorde, createRadio, gatewayKey } from './test-support';

const isPosition = (e: SseEvent) => e.event === 'radio.position';
const dataOf = (e: SseEvent) => (e.data as { data: Record<string, unknown> }).data;

describe.each(engines)('radio positions on the map on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const streams: SseStream[] = [];
  /** A stream of the tenant's company, once attached (events from then on all reach it). */
  const open = async (tenant: Tenant) => {
    const s = await openStream(base, tenant.token);
    streams.push(s);
    expect(s.status).toBe(200);
    await expect.poll(() => s.ready.length, { timeout: 10_000 }).toBe(1);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it("pushes a reported position to the company's control room only, at most every 5 s per radio", async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const agentUser = await addUser(t.app, owner, 'agent');
    const stranger = await registerCompany(t.app);
    const agent = await createAgent(t.app, owner, { name: 'Julien Moreau' });
    const radio = await createRadio(t.app, owner, { agentId: agent.id });
    const key = await gatewayKey(t.app, owner);
    const report = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/radio/device/status',
        headers: key,
        payload: { imei: radio.radioId, ...payload },
      });
      expect(res.statusCode).toBe(200);
    };
    const control = await open(operator);
    const field = await open(agentUser);
    const theirs = await open(stranger);

    await report({ battery: 80, position: { ...concorde, accuracy: 8 } });
    const pushed = await control.waitFor(isPosition, 10_000);
    expect(dataOf(pushed)).toMatchObject({
      radioId: radio.id,
      agentId: agent.id,
      lat: concorde.lat,
      lng: concorde.lng,
      accuracy: 8,
    });
    const at = dataOf(pushed).at as string;
    expect(new Date(at).toISOString()).toBe(at);

    // Moved again at once: stored, but not pushed (the next report after the 5 s will carry it).
    const moved = { lat: concorde.lat + 0.001, lng: concorde.lng, accuracy: 5 };
    await report({ position: moved });
    // A battery colour crossing afterwards: its 'radio.changed' (the second, after the first report's
    // « back online ») reaches every stream of the company after anything the reports before it pushed.
    await report({ battery: 30 });
    const changed = (s: SseStream) =>
      s.events.filter((e) => e.event === 'radio.changed' && dataOf(e).id === radio.id).length;
    await expect.poll(() => changed(control), { timeout: 10_000 }).toBe(2);
    expect(control.events.filter(isPosition)).toHaveLength(1);
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/radio/radios/${radio.id}`, headers: owner.auth })
    ).json().lastLocation;
    expect(stored).toMatchObject({ lat: moved.lat, lng: moved.lng, accuracy: 5 });
    expect(Date.parse(stored.at)).toBeGreaterThanOrEqual(Date.parse(at));
    // Agents do not follow radios on a map.
    await expect.poll(() => changed(field), { timeout: 10_000 }).toBe(2);
    expect(field.events.filter(isPosition)).toEqual([]);

    // The other company's stream: its own radio's first report (back online) comes after all of the
    // above, and nothing of the first company came before it.
    const theirRadio = await createRadio(t.app, stranger);
    const theirKey = await gatewayKey(t.app, stranger);
    const theirReport = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: theirKey,
      payload: { imei: theirRadio.radioId, battery: 90 },
    });
    expect(theirReport.statusCode).toBe(200);
    await theirs.waitFor((e) => e.event === 'radio.changed' && dataOf(e).id === theirRadio.id, 10_000);
    // Only their own radio (its creation and its report may both have arrived by now).
    expect(new Set(theirs.events.map((e) => dataOf(e).id))).toEqual(new Set([theirRadio.id]));
  });

  it('pushes from the status statement only what the map does not show: a move, or always when told', async () => {
    const owner = await registerCompany(t.app);
    const radio = await createRadio(t.app, owner);
    const asleep = await createRadio(t.app, owner, { status: 'inactive' });
    const statement = async (imei: string, lat: number, pushPosition: PositionPush) => {
      const [row] = await t.db.writeTenant<{ radioId: string; positionPushed: boolean }>(
        owner.company.id,
        reportStatusSql(owner.company.id, { imei, position: { lat, lng: concorde.lng }, pushPosition }),
      );
      return row?.positionPushed;
    };
    // Never located: a move.
    expect(await statement(radio.radioId, concorde.lat, 'if-moved')).toBe(true);
    // Still: nothing, unless told (this instance showed another position since).
    expect(await statement(radio.radioId, concorde.lat, 'if-moved')).toBe(false);
    expect(await statement(radio.radioId, concorde.lat, 'always')).toBe(true);
    expect(await statement(radio.radioId, concorde.lat + 0.01, 'if-moved')).toBe(true);
    // An inactive radio is not on the map.
    expect(await statement(asleep.radioId, concorde.lat, 'if-moved')).toBe(false);
    expect(await statement(asleep.radioId, concorde.lat + 0.01, 'always')).toBe(false);
  });
});
