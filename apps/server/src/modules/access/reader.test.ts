// The reader API against the real database: every reason a door says no, the log it writes, the
// alarm after a burst of refusals, and the keys that may (or may not) call it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { checkAccess } from './check.service';
import { check, createBadge, createPoint, createSite, qrOf, readerKey } from './test-support';

describe.each(engines)('reader API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function setup() {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner, 'Siège Lyon');
    const point = await createPoint(t.app, owner, site.id, { name: 'Porte principale' });
    const reader = await readerKey(t.app, owner, point.id);
    return { owner, site, point, reader };
  }
  const patchBadge = (
    owner: { auth: Record<string, string> },
    id: string,
    payload: Record<string, unknown>,
  ) => t.app.inject({ method: 'PATCH', url: `/api/access/badges/${id}`, headers: owner.auth, payload });

  it('opens for a valid QR and refuses a forged, foreign, regenerated, suspended or expired one', async () => {
    const { owner, reader, point } = await setup();
    const badge = await createBadge(t.app, owner);
    const qr = await qrOf(t.app, owner, badge.id);
    const ok = await check(t.app, reader.headers, qr);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      decision: 'Autorisé',
      reason: null,
      holder: 'Hélène Dupré',
      badgeId: badge.id,
      point: point.name,
    });
    // Forged: the same text with another badge id, or a guessed number.
    const forged = qr.replace(badge.id.slice(0, 8), '00000000');
    expect((await check(t.app, reader.headers, forged)).json()).toMatchObject({
      decision: 'Refusé',
      reason: 'badge inconnu',
      holder: null,
    });
    expect((await check(t.app, reader.headers, badge.badgeId)).json().reason).toBe('badge inconnu');
    // Another company's valid code is unknown here.
    const other = await registerCompany(t.app);
    const foreign = await qrOf(t.app, other, (await createBadge(t.app, other)).id);
    expect((await check(t.app, reader.headers, foreign)).json().reason).toBe('badge inconnu');
    // Regenerated: the old code is refused at once, the new one opens.
    const regen = await t.app.inject({
      method: 'POST',
      url: `/api/access/badges/${badge.id}/regenerate`,
      headers: owner.auth,
    });
    expect(regen.json().qrVersion).toBe(2);
    expect((await check(t.app, reader.headers, qr)).json()).toMatchObject({
      decision: 'Refusé',
      reason: 'code QR révoqué',
      holder: 'Hélène Dupré',
    });
    const fresh = await qrOf(t.app, owner, badge.id);
    expect((await check(t.app, reader.headers, fresh)).json().decision).toBe('Autorisé');
    // Suspended, then reactivated (the spec's toggle).
    expect((await patchBadge(owner, badge.id, { status: 'Suspendu' })).json().status).toBe('Suspendu');
    expect((await check(t.app, reader.headers, fresh)).json().reason).toBe('badge suspendu');
    await patchBadge(owner, badge.id, { status: 'Actif' });
    expect((await check(t.app, reader.headers, fresh)).json().decision).toBe('Autorisé');
    // Expired yesterday: refused whatever its stored status.
    const expired = await patchBadge(owner, badge.id, { expiryDate: '2020-01-01' });
    expect(expired.json()).toMatchObject({ status: 'Expiré', storedStatus: 'Actif' });
    expect((await check(t.app, reader.headers, fresh)).json().reason).toBe('badge expiré');
  });

  it('reads NFC UIDs, and refuses unknown ones, points not allowed and points in maintenance', async () => {
    const { owner, site, point, reader } = await setup();
    const nfc = await createBadge(t.app, owner, { badgeType: 'nfc', nfcUid: '04:a2:3b:1c:5d:80' });
    expect(nfc.nfcUid).toBe('04A23B1C5D80');
    expect((await check(t.app, reader.headers, '04A23B1C5D80', 'nfc')).json().decision).toBe('Autorisé');
    expect((await check(t.app, reader.headers, '04-a2-3b-1c-5d-80', 'nfc')).json().decision).toBe('Autorisé');
    expect((await check(t.app, reader.headers, '04A23B1C5D81', 'nfc')).json().reason).toBe('badge inconnu');
    // A QR badge presented as NFC (its number) is unknown.
    const qrBadge = await createBadge(t.app, owner);
    expect((await check(t.app, reader.headers, qrBadge.badgeId, 'nfc')).json().reason).toBe('badge inconnu');
    // Allowed elsewhere only.
    const back = await createPoint(t.app, owner, site.id, { name: 'Porte arrière' });
    const restricted = await createBadge(t.app, owner, {
      badgeType: 'nfc',
      nfcUid: 'AABBCCDD',
      allowedPointIds: [back.id],
    });
    expect(restricted.status).toBe('Actif');
    expect((await check(t.app, reader.headers, 'AABBCCDD', 'nfc')).json().reason).toBe('point non autorisé');
    // The whole site is allowed: this point too.
    await patchBadge(owner, restricted.id, { allowedSiteIds: [site.id] });
    expect((await check(t.app, reader.headers, 'AABBCCDD', 'nfc')).json().decision).toBe('Autorisé');
    // In maintenance: everything refused, with that reason.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/access/points/${point.id}`,
      headers: owner.auth,
      payload: { status: 'Maintenance' },
    });
    expect((await check(t.app, reader.headers, '04A23B1C5D80', 'nfc')).json().reason).toBe(
      'point en maintenance',
    );
  });

  it('refuses outside the weekly window in Paris time, around the autumn change', async () => {
    const { owner, point, reader } = await setup();
    // Sundays 02:00–03:00 local: on 2026-10-25 that hour happens twice.
    const badge = await createBadge(t.app, owner, {
      badgeType: 'nfc',
      nfcUid: '01020304',
      timeWindows: [{ days: [7], start: '02:00', end: '03:00' }],
    });
    const device = await t.db.withTenant(owner.company.id, async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from integration_keys where access_point_id = ${point.id}`),
      );
      return rows[0]?.id as string;
    });
    const at = (iso: string) =>
      checkAccess(
        t.db,
        t.app.secrets,
        {
          companyId: owner.company.id,
          keyId: device,
          name: 'Lecteur',
          scope: 'access_point',
          accessPointId: point.id,
        },
        { credential: '01020304', type: 'nfc' },
        new Date(iso),
      );
    // 00:30 UTC = 02:30 CEST; 01:30 UTC = 02:30 CET; 02:00 UTC = 03:00 CET; 23:30 UTC the day before = 01:30.
    expect((await at('2026-10-25T00:30:00Z')).decision).toBe('Autorisé');
    expect((await at('2026-10-25T01:30:00Z')).decision).toBe('Autorisé');
    expect((await at('2026-10-25T02:00:00Z')).reason).toBe('hors plage horaire');
    expect((await at('2026-10-24T23:30:00Z')).reason).toBe('hors plage horaire');
    expect(badge.status).toBe('Actif');
    void reader;
  });

  it('logs every check, pushes it, and raises one access_denied alarm after five refusals in a row', async () => {
    const { owner, site, point, reader } = await setup();
    for (let i = 0; i < 4; i++) await check(t.app, reader.headers, `INCONNU-${i}`);
    // A device's write reaches the session's cached lists through the change feed (a few ms on
    // PostgreSQL): read the database's answer once it has arrived.
    const alarmsOf = async (expected: number) => {
      let list: { title: string; siteId: string; severity: string; location: string }[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/alarms?type=access_denied',
          headers: owner.auth,
        });
        list = res.json();
        if (list.length === expected) break;
        await new Promise((ok) => setTimeout(ok, 20));
      }
      return list;
    };
    expect(await alarmsOf(0)).toHaveLength(0);
    await check(t.app, reader.headers, 'INCONNU-4');
    const raised = await alarmsOf(1);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      title: `Accès refusés répétés : ${point.name}`,
      siteId: site.id,
      severity: 'high',
      location: point.name,
    });
    // The burst goes on: still one alarm.
    await check(t.app, reader.headers, 'INCONNU-5');
    const alarmRows = await t.db.withTenant(owner.company.id, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from alarms where company_id = ${owner.company.id} and type = 'access_denied'`,
        ),
      ),
    );
    expect(alarmRows[0]?.n).toBe(1);
    const logs = await t.app.inject({ method: 'GET', url: '/api/access/logs', headers: owner.auth });
    expect(logs.headers['x-total-count']).toBe('6');
    expect(logs.json()[0]).toMatchObject({
      personName: 'Inconnu',
      status: 'Refusé',
      reason: 'badge inconnu',
      siteId: site.id,
      siteName: 'Siège Lyon',
      location: point.name,
      accessType: 'qrcode',
    });
    const pushed = await t.db.withTenant(owner.company.id, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from events where company_id = ${owner.company.id} and type = 'access.logged'`,
        ),
      ),
    );
    expect(pushed[0]?.n).toBe(6);
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/access/points/${point.id}`, headers: owner.auth })
    ).json();
    expect(seen.lastActivity).not.toBeNull();
    expect(seen.responding).toBe(true);
    // The dashboard counts the site's points and the points that answered.
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth })
    ).json();
    expect(overview.activeSites.find((x: { id: string }) => x.id === site.id).accessPoints).toBe(1);
    expect(overview.systemHealth.find((c: { name: string }) => c.name === 'Accès')).toEqual({
      name: 'Accès',
      status: 'Actif',
      uptime: '100.0%',
      description: "1/1 points d'accès actifs ont répondu dans les 10 dernières minutes",
    });
  });

  it('writes concurrent checks of two companies together, each with its own answer and line', async () => {
    const one = await setup();
    const two = await setup();
    const ok = await createBadge(t.app, one.owner, { badgeType: 'nfc', nfcUid: 'A1A2A3A4' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 2
          ? check(t.app, two.reader.headers, 'A1A2A3A4', 'nfc')
          : check(t.app, one.reader.headers, i % 2 ? 'A1A2A3A4' : 'B1B2B3B4', 'nfc'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.map((a) => a.json().decision)).toEqual(
      answers.map((_, i) => (i % 3 === 2 ? 'Refusé' : i % 2 ? 'Autorisé' : 'Refusé')),
    );
    const count = async (who: typeof one.owner) =>
      (await t.app.inject({ method: 'GET', url: '/api/access/logs?limit=1', headers: who.auth })).headers[
        'x-total-count'
      ];
    expect(await count(one.owner)).toBe('20');
    expect(await count(two.owner)).toBe('10');
    expect(ok.status).toBe('Actif');
  });

  it('answers 401 without a key or with a revoked one, 403 with a key of another kind', async () => {
    const { owner, point, reader } = await setup();
    const badge = await createBadge(t.app, owner);
    const qr = await qrOf(t.app, owner, badge.id);
    expect((await check(t.app, {}, qr)).statusCode).toBe(401);
    expect((await check(t.app, { 'x-api-key': 'vgk_nope' }, qr)).statusCode).toBe(401);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/access/points/${point.id}/keys/${reader.id}`,
      headers: owner.auth,
    });
    expect(revoke.statusCode).toBe(204);
    const after = await check(t.app, reader.headers, qr);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe("Clé d'intégration invalide ou révoquée");
    // An alarm panel's key does not open doors, a reader's key does not raise alarms.
    const panel = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/keys',
      headers: owner.auth,
      payload: { name: 'Centrale' },
    });
    expect((await check(t.app, { 'x-api-key': panel.json().key }, qr)).statusCode).toBe(403);
    const second = await readerKey(t.app, owner, point.id);
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/alarms',
      headers: second.headers,
      payload: {
        siteId: point.siteId,
        type: 'intrusion',
        severity: 'high',
        title: 'x',
        description: 'y',
        location: 'z',
      },
    });
    expect(ingest.statusCode).toBe(403);
    // The point's keys do not show among the alarm panels' keys.
    const panels = await t.app.inject({ method: 'GET', url: '/api/integrations/keys', headers: owner.auth });
    expect(panels.json().map((k: { name: string }) => k.name)).toEqual(['Centrale']);
    // Deleting the point revokes its readers.
    await t.app.inject({ method: 'DELETE', url: `/api/access/points/${point.id}`, headers: owner.auth });
    expect((await check(t.app, second.headers, qr)).statusCode).toBe(401);
  });
});
