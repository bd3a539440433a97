import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

describe.each(engines)('integration keys and device ingestion on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app);
    siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Dépôt', address: '1 rue du Port' },
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const newKey = (tenant: Tenant, name = 'Centrale Ajax') =>
    t.app.inject({ method: 'POST', url: '/api/integrations/keys', headers: tenant.auth, payload: { name } });
  const ingest = (key: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integrations/alarms',
      headers: key === undefined ? {} : { 'x-api-key': key },
      payload,
    });
  const alarm = { siteId: '', title: 'Intrusion zone 2', description: 'Zone 2 ouverte', location: 'Zone 2' };

  it('creates a key shown once, lists it without the secret, stores only its hash', async () => {
    const res = await newKey(owner);
    expect(res.statusCode).toBe(201);
    const { id, name, key } = res.json();
    expect(name).toBe('Centrale Ajax');
    expect(key).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/integrations/keys', headers: owner.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id, name: 'Centrale Ajax', prefix: key.slice(0, 12), lastUsedAt: null }),
    ]);
    expect(list.body).not.toContain(key);
    const stored = await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(sql`select * from integration_keys where company_id = ${owner.company.id}`),
    );
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('ingests an alarm with a key under the same rules, then refuses the revoked key (401)', async () => {
    const { id, key } = (await newKey(owner, 'Centrale de télésurveillance')).json();
    const res = await ingest(key, { ...alarm, siteId, severity: 'critical', type: 'fire' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'device',
      severity: 'critical',
      type: 'fire',
      siteName: 'Dépôt',
      timeline: [expect.objectContaining({ author: 'Centrale « Centrale de télésurveillance »' })],
    });
    // Same validation as the user endpoint.
    const bad = await ingest(key, { siteId, title: '' });
    expect(bad.statusCode).toBe(422);
    const keys = (
      await t.app.inject({ method: 'GET', url: '/api/integrations/keys', headers: owner.auth })
    ).json();
    expect(keys.find((k: { id: string }) => k.id === id).lastUsedAt).not.toBeNull();

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/keys/${id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
    const after = await ingest(key, { ...alarm, siteId });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: "Clé d'intégration invalide ou révoquée" });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/integrations/keys/${id}`, headers: owner.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('stops a key revoked by another instance as soon as the change feed announces it', async () => {
    const { id, key } = (await newKey(owner, 'Centrale B')).json();
    // Known (and kept in memory) by this instance.
    expect((await ingest(key, { ...alarm, siteId })).statusCode).toBe(201);
    expect((await ingest(key, { ...alarm, siteId })).statusCode).toBe(201);
    // Revoked straight in the database, as another instance would: only the commit's notification
    // reaches this one.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update integration_keys set revoked_at = now() where company_id = ${owner.company.id} and id = ${id}`,
      ),
    );
    const end = Date.now() + 2000;
    let status = 0;
    while (Date.now() < end) {
      status = (await ingest(key, { ...alarm, siteId })).statusCode;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('refuses a missing or unknown key before looking at the body', async () => {
    expect((await ingest(undefined, {})).json()).toMatchObject({
      detail: "Clé d'intégration requise (en-tête X-Api-Key)",
    });
    expect((await ingest(undefined, {})).statusCode).toBe(401);
    expect((await ingest('vgk_nope', {})).statusCode).toBe(401);
    expect((await ingest(`vgk_${'a'.repeat(43)}`, {})).statusCode).toBe(401);
  });

  it("keeps a key to its company: another company's site is unknown to it", async () => {
    const other = await registerCompany(t.app);
    const { key } = (await newKey(other)).json();
    const res = await ingest(key, { ...alarm, siteId });
    expect(res.statusCode).toBe(404);
    const ownerKeyId = (await newKey(owner)).json().id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/keys/${ownerKeyId}`,
      headers: other.auth,
    });
    expect(del.statusCode).toBe(404);
  });

  it('is for administrators only (403), and needs a session (401)', async () => {
    for (const role of ['operator', 'agent'] as const) {
      const user = await addUser(t.app, owner, role);
      const res = await newKey(user);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe("Seuls les administrateurs peuvent gérer les clés d'intégration");
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/integrations/keys', headers: user.auth })).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations/keys' })).statusCode).toBe(401);
    const bad = await newKey(owner, '');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Le nom de la clé est obligatoire');
  });
});
