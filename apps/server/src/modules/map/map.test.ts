// The control room's map over HTTP: one read of sites by state, open alarms, agents on duty with
// their last position, radios with a position; nothing of another company; agents refused; the
// operator's PMTiles file served by byte ranges (206, 416, 404 when unset), its path never taken
// from the request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth';
import {
  addUser,
  asOwner,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { roundTripCounter } from '../../test/round-trips';
import { agentOnDuty as interventionAgent, locate, north, propose } from '../interventions/test-support';
import { agentOnDuty, req } from '../lone-worker/test-support';
import { createAgent, createSite } from '../planning/test-support';
import { createRadio } from '../radio/test-support';
import { getMapOverview } from './map.service';

const tilesDir = mkdtempSync(join(tmpdir(), 'vigie-map-'));
const tilesFile = join(tilesDir, 'detail.pmtiles');
// 1,000 bytes: byte i is i % 251, so any range's content is known.
const tilesBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
writeFileSync(tilesFile, tilesBytes);
// A file beside it that a request must never reach.
writeFileSync(join(tilesDir, 'secret.txt'), 'secret');

describe.each(engines)('control room map on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAP_TILES_FILE: tilesFile });
    owner = await registerCompany(t.app);
    other = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws located sites by state, open alarms, agents on duty and radios; nothing of another company', async () => {
    const calm = await createSite(t.app, owner, { latitude: 45.76, longitude: 4.83 });
    await createSite(t.app, owner, { latitude: null, longitude: null, name: 'Site sans position' });
    const { agent, site } = await agentOnDuty(t.app, owner);
    const alarm = await req(t.app, owner, 'POST', '/api/alarms', {
      siteId: site.id,
      severity: 'critical',
      title: 'Intrusion zone 3',
      description: 'Détecteur de mouvement',
      location: 'Entrepôt',
    });
    expect(alarm.statusCode, alarm.body).toBe(201);
    const resolved = await req(t.app, owner, 'POST', '/api/alarms', {
      siteId: calm.id,
      title: 'Fausse alerte',
      description: 'Test',
      location: 'Hall',
    });
    const resolvedId = resolved.json().id as string;
    expect(
      (
        await req(t.app, owner, 'POST', `/api/alarms/${resolvedId}/resolve`, {
          note: 'Test',
          decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
        })
      ).statusCode,
    ).toBe(200);

    // A radio with a position, held by an agent off duty: drawn as a radio, not as an agent.
    const offDuty = await createAgent(t.app, owner);
    const radio = await createRadio(t.app, owner, { agentId: offDuty.id });
    await asOwner(
      t,
      sql`update radios set last_lat = 48.85, last_lng = 2.35, last_position_at = now() where id = ${radio.id}`,
    );

    // The other company: a site, an agent on duty, an alarm and a radio of its own.
    const theirs = await agentOnDuty(t.app, other);
    await req(t.app, other, 'POST', '/api/alarms', {
      siteId: theirs.site.id,
      title: 'Leur alarme',
      description: 'x',
      location: 'x',
    });
    const theirRadio = await createRadio(t.app, other);
    await asOwner(
      t,
      sql`update radios set last_lat = 43.3, last_lng = 5.4, last_position_at = now() where id = ${theirRadio.id}`,
    );

    const operator = await addUser(t.app, owner, 'operator');
    const res = await req(t.app, operator, 'GET', '/api/map/overview');
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json();
    expect(map.detailedTiles).toBe(true);
    expect(map.sites.map((s: { id: string }) => s.id).sort()).toEqual([calm.id, site.id].sort());
    expect(map.sites.find((s: { id: string }) => s.id === site.id)).toMatchObject({
      state: 'alarm',
      openAlarms: 1,
      lat: 48.8656,
      lng: 2.3212,
    });
    expect(map.sites.find((s: { id: string }) => s.id === calm.id)).toMatchObject({
      state: 'calm',
      openAlarms: 0,
    });
    expect(map.alarms).toHaveLength(1);
    expect(map.alarms[0]).toMatchObject({
      id: alarm.json().id,
      severity: 'critical',
      status: 'active',
      siteId: site.id,
      siteName: site.name,
      lat: 48.8656,
    });
    expect(map.agents).toHaveLength(1);
    expect(map.agents[0]).toMatchObject({
      id: agent.id,
      state: 'available',
      siteName: site.name,
      lat: 48.8657,
      lng: 2.3213,
      source: 'phone',
    });
    expect(Date.now() - Date.parse(map.agents[0].positionAt)).toBeLessThan(60_000);
    expect(map.radios).toEqual([
      expect.objectContaining({ id: radio.id, agentName: offDuty.name, lat: 48.85, lng: 2.35 }),
    ]);
    expect(map.interventions).toEqual([]);
    // Nothing of the other company, anywhere in the answer.
    for (const id of [theirs.site.id, theirs.agent.id, theirRadio.id]) expect(res.body).not.toContain(id);

    // The other company sees its own only.
    const theirMap = (await req(t.app, other, 'GET', '/api/map/overview')).json();
    expect(theirMap.sites.map((s: { id: string }) => s.id)).toEqual([theirs.site.id]);
    expect(theirMap.agents.map((a: { id: string }) => a.id)).toEqual([theirs.agent.id]);
    expect(theirMap.radios.map((r: { id: string }) => r.id)).toEqual([theirRadio.id]);
    expect(JSON.stringify(theirMap)).not.toContain(site.id);
  });

  it("uses the agent's radio when it reported after the phone, and only since the clock-in", async () => {
    const { agent } = await agentOnDuty(t.app, owner);
    const radio = await createRadio(t.app, owner, { agentId: agent.id });
    // Reported before the clock-in: not a position of the shift.
    await asOwner(
      t,
      sql`update radios set last_lat = 44.0, last_lng = 1.0, last_position_at = now() - interval '2 hours' where id = ${radio.id}`,
    );
    let map = (await req(t.app, owner, 'GET', '/api/map/overview')).json();
    expect(map.agents.find((a: { id: string }) => a.id === agent.id)).toMatchObject({
      source: 'phone',
      lat: 48.8657,
    });
    await asOwner(
      t,
      sql`update radios set last_lat = 44.5, last_lng = 1.5, last_position_at = now() + interval '1 second' where id = ${radio.id}`,
    );
    map = (await req(t.app, owner, 'GET', '/api/map/overview')).json();
    expect(map.agents.find((a: { id: string }) => a.id === agent.id)).toMatchObject({
      source: 'radio',
      lat: 44.5,
      lng: 1.5,
    });
  });

  it("draws a running intervention with the agent's track since acceptance, the agent busy, the site amber", async () => {
    const d = await interventionAgent(t.app, owner);
    await locate(t.app, d, north(2000));
    const i = await propose(t.app, owner, { siteId: d.site.id, agentId: d.agent.id });
    let map = (await req(t.app, owner, 'GET', '/api/map/overview')).json();
    expect(map.agents.find((a: { id: string }) => a.id === d.agent.id)).toMatchObject({ state: 'busy' });
    expect(map.interventions.find((x: { id: string }) => x.id === i.id)).toMatchObject({
      state: 'proposed',
      stateLabel: expect.any(String),
      siteId: d.site.id,
      siteName: d.site.name,
      agentId: d.agent.id,
      acceptedAt: null,
      late: null,
      track: [],
    });
    expect(map.sites.find((s: { id: string }) => s.id === d.site.id)).toMatchObject({
      state: 'intervention',
    });

    const accepted = await req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/accept`, {
      position: north(1500),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Positions are taken at most every 5 s: the next one a little later.
    await new Promise((ok) => setTimeout(ok, 5_100));
    await locate(t.app, d, north(800));
    map = (await req(t.app, owner, 'GET', '/api/map/overview')).json();
    const drawn = map.interventions.find((x: { id: string }) => x.id === i.id);
    expect(drawn.state).toBe('accepted');
    // The track starts at the acceptance: the position sent before the proposal is not in it.
    expect(drawn.track.length).toBeGreaterThanOrEqual(1);
    expect(drawn.track.at(-1).lat).toBeCloseTo(north(800).lat, 6);
    for (const p of drawn.track)
      expect(Date.parse(p.at)).toBeGreaterThanOrEqual(Date.parse(drawn.acceptedAt) - 1000);
    expect(map.agents.find((a: { id: string }) => a.id === d.agent.id).lat).toBeCloseTo(north(800).lat, 6);
    // Another company's map knows nothing of it.
    expect((await req(t.app, other, 'GET', '/api/map/overview')).body).not.toContain(i.id);
  }, 30_000);

  it('reads the whole map in one round trip', async () => {
    const counter = roundTripCounter(t.db, engine);
    try {
      const auth = { companyId: owner.company.id, userId: owner.user.id, role: 'operator' } as AuthContext;
      const { reads, messages } = await counter.count(() => getMapOverview(counter.db, auth, false));
      expect(reads).toEqual(['read']);
      expect(messages).toBe(1);
    } finally {
      counter.restore();
    }
  });

  it('is the control room’s: an agent gets 403, no session 401', async () => {
    const phone = await addUser(t.app, owner, 'agent');
    const refused = await req(t.app, phone, 'GET', '/api/map/overview');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/réservée aux opérateurs/);
    expect((await req(t.app, null, 'GET', '/api/map/overview')).statusCode).toBe(401);
    const admin = await addUser(t.app, owner, 'admin');
    expect((await req(t.app, admin, 'GET', '/api/map/overview')).statusCode).toBe(200);
  });

  it('serves the detailed map by byte ranges', async () => {
    const get = (range?: string, url = '/api/map/tiles.pmtiles') =>
      t.app.inject({ method: 'GET', url, headers: { ...owner.auth, ...(range ? { range } : {}) } });

    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.rawPayload.equals(tilesBytes)).toBe(true);

    const first = await get('bytes=0-126');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-126/1000');
    expect(first.rawPayload.equals(tilesBytes.subarray(0, 127))).toBe(true);

    const middle = await get('bytes=500-599');
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(tilesBytes.subarray(500, 600))).toBe(true);

    const open = await get('bytes=990-');
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload.equals(tilesBytes.subarray(990))).toBe(true);

    const clipped = await get('bytes=900-5000');
    expect(clipped.headers['content-range']).toBe('bytes 900-999/1000');
    expect(clipped.rawPayload.length).toBe(100);

    const suffix = await get('bytes=-10');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(tilesBytes.subarray(990))).toBe(true);

    const past = await get('bytes=1000-1010');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(past.json().detail).toMatch(/plage demandée/);

    // Malformed or several ranges: the whole file (RFC 9110 lets a server ignore them).
    for (const range of ['octets=0-1', 'bytes=abc', 'bytes=0-1,5-6', 'bytes=9-3']) {
      const r = await get(range);
      expect(r.statusCode, range).toBe(200);
      expect(r.rawPayload.length).toBe(1000);
    }

    // HEAD answers the headers (the PMTiles client may probe).
    const head = await t.app.inject({ method: 'HEAD', url: '/api/map/tiles.pmtiles', headers: owner.auth });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');

    // The path is the configuration's only: nothing in the URL names another file.
    for (const url of [
      '/api/map/tiles.pmtiles?file=secret.txt',
      '/api/map/tiles.pmtiles?path=../secret.txt',
      '/api/map/../map/tiles.pmtiles/../secret.txt',
      '/api/map/secret.txt',
    ]) {
      const r = await get(undefined, url);
      expect(r.body, url).not.toContain('secret');
      if (r.statusCode === 200) expect(r.rawPayload.equals(tilesBytes)).toBe(true);
    }

    expect((await t.app.inject({ method: 'GET', url: '/api/map/tiles.pmtiles' })).statusCode).toBe(401);
  });
});

describe.each(engines)('control room map without MAP_TILES_FILE on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 for the detailed map and says so in the overview', async () => {
    const owner = await registerCompany(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/map/tiles.pmtiles', headers: owner.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/Aucun fond de carte détaillé/);
    const map = (await req(t.app, owner, 'GET', '/api/map/overview')).json();
    expect(map).toMatchObject({ detailedTiles: false, sites: [], alarms: [], agents: [], radios: [] });
  });
});
