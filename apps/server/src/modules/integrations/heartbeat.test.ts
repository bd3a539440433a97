// Alarm panels' heartbeats: POST /api/integrations/heartbeat with a panel's key, read back by the
// dashboard's « Alarmes » health (migration 0027's ring of five-minute slots).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';

describe.each(engines)('alarm panel heartbeats on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const newKey = async (tenant: Tenant, name = 'Centrale Ajax', url = '/api/integrations/keys') => {
    const res = await t.app.inject({ method: 'POST', url, headers: tenant.auth, payload: { name } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string };
  };
  const beat = (key: string | undefined, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integrations/heartbeat',
      headers: key === undefined ? {} : { 'x-api-key': key },
      payload: payload as Record<string, unknown>,
    });
  const alarmsHealth = async (tenant: Tenant) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth });
    expect(res.statusCode).toBe(200);
    return (res.json().systemHealth as { name: string }[]).find((c) => c.name === 'Alarmes');
  };

  it('records a heartbeat and the dashboard reads the panels from it', async () => {
    const owner = await registerCompany(t.app);
    expect(await alarmsHealth(owner)).toEqual({
      name: 'Alarmes',
      status: 'Aucune donnée',
      uptime: null,
      description: "Aucune centrale d'alarme raccordée",
    });
    const panel = await newKey(owner);
    const sentAt = new Date(Date.now() + 90_000).toISOString();
    const res = await beat(panel.key, { sentAt });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(Math.abs(Date.parse(body.receivedAt) - Date.now())).toBeLessThan(10_000);
    expect(body.clockSkewSeconds).toBeGreaterThanOrEqual(85);
    expect(body.clockSkewSeconds).toBeLessThanOrEqual(90);
    // A second beat in the same five minutes changes nothing (one row a slot), and no time: no drift.
    const again = await beat(panel.key);
    expect(again.statusCode).toBe(200);
    expect(again.json().clockSkewSeconds).toBeNull();
    expect(await alarmsHealth(owner)).toEqual({
      name: 'Alarmes',
      status: 'Actif',
      uptime: '100.0%',
      description: "1/1 centrale d'alarme a émis un signal de vie dans les 10 dernières minutes",
    });
    const rows = await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`select count(*)::int as n from alarm_panel_heartbeats where company_id = ${owner.company.id}`,
      ),
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // The key's last use is recorded.
    const keys = await t.app.inject({ method: 'GET', url: '/api/integrations/keys', headers: owner.auth });
    expect(keys.json()[0].lastUsedAt).not.toBeNull();
  });

  it('computes availability over 24 hours and shows silent panels', async () => {
    const owner = await registerCompany(t.app);
    const steady = await newKey(owner, 'Centrale hall');
    const silent = await newKey(owner, 'Centrale parking');
    expect((await beat(steady.key)).statusCode).toBe(200);
    expect((await beat(silent.key)).statusCode).toBe(200);
    // History written as the endpoint would have over the last day: the steady panel heard in every
    // slot of the last 24 hours; the silent one from 24 h ago until an hour ago (12 slots missed).
    const c = owner.company.id;
    await t.db.withTenant(c, (tx) =>
      tx.execute(sql`
        with cur as (select date_bin('5 minutes', now(), timestamptz '2000-01-01') as b)
        insert into alarm_panel_heartbeats (company_id, key_id, slot, bucket)
        select ${c}, k.id, (extract(epoch from cur.b - g.n * interval '5 minutes')::bigint / 300 % 288)::int,
               cur.b - g.n * interval '5 minutes'
          from cur, generate_series(1, 287) g(n),
               (values (${steady.id}::uuid, 0), (${silent.id}::uuid, 12)) k(id, gap)
         where g.n > k.gap
        on conflict (company_id, key_id, slot) do update set bucket = excluded.bucket`),
    );
    // The silent panel's newest slot is an hour old.
    await t.db.withTenant(c, (tx) =>
      tx.execute(sql`delete from alarm_panel_heartbeats where company_id = ${c} and key_id = ${silent.id}
        and bucket >= date_bin('5 minutes', now(), timestamptz '2000-01-01')`),
    );
    // 288 + 275 slots heard of 288 + 287 expected (the silent panel's current slot is not due yet).
    await expect
      .poll(() => alarmsHealth(owner))
      .toEqual({
        name: 'Alarmes',
        status: 'Dégradé',
        uptime: '97.9%',
        description: "1/2 centrales d'alarme ont émis un signal de vie dans les 10 dernières minutes",
      });
    // Every panel silent: out of service, whatever the past day says.
    await t.db.withTenant(c, (tx) =>
      tx.execute(sql`delete from alarm_panel_heartbeats where company_id = ${c}
        and bucket >= date_bin('5 minutes', now(), timestamptz '2000-01-01') - interval '5 minutes'`),
    );
    // The dashboard's answer is kept until the change feed says the table changed, which on
    // PostgreSQL arrives through LISTEN a moment after the commit: poll, as a dashboard would.
    await expect.poll(() => alarmsHealth(owner)).toMatchObject({ name: 'Alarmes', status: 'Hors service' });
    // A revoked panel is no longer counted.
    await t.app.inject({ method: 'DELETE', url: `/api/integrations/keys/${silent.id}`, headers: owner.auth });
    await expect
      .poll(() => alarmsHealth(owner))
      .toMatchObject({
        description: "0/1 centrale d'alarme a émis un signal de vie dans les 10 dernières minutes",
      });
  });

  it('answers 401 without a key, with a malformed, unknown or revoked key', async () => {
    const owner = await registerCompany(t.app);
    const panel = await newKey(owner);
    for (const key of [undefined, 'pas-une-cle', `vgk_${'A'.repeat(43)}`]) {
      const res = await beat(key);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/Clé d'intégration/);
    }
    await t.app.inject({ method: 'DELETE', url: `/api/integrations/keys/${panel.id}`, headers: owner.auth });
    const revoked = await beat(panel.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().detail).toBe("Clé d'intégration invalide ou révoquée");
  });

  it("refuses a radio gateway's key (403): only alarm panel keys beat", async () => {
    const owner = await registerCompany(t.app);
    const radio = await newKey(owner, 'Passerelle', '/api/radio/keys');
    const res = await beat(radio.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/n'autorise pas/);
  });

  it("another company's panel never counts for this company", async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    await newKey(owner);
    const theirs = await newKey(other);
    expect((await beat(theirs.key)).statusCode).toBe(200);
    expect(await alarmsHealth(owner)).toMatchObject({ status: 'Aucune donnée' });
    expect(await alarmsHealth(other)).toMatchObject({ status: 'Actif' });
  });

  it('answers 422 with a French detail for a bad body', async () => {
    const owner = await registerCompany(t.app);
    const panel = await newKey(owner);
    const res = await beat(panel.key, { sentAt: 'hier soir' });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail as { loc: string[]; msg: string }[];
    expect(detail[0]?.loc).toContain('sentAt');
    expect(detail[0]?.msg).toBe("L'heure de la centrale doit être une date ISO 8601 avec fuseau");
    const notObject = await beat(panel.key, [1, 2]);
    expect(notObject.statusCode).toBe(422);
  });
});
