import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('sites on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/sites', headers: tenant.auth, payload });
  const site = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    address: `1 rue ${name}`,
    ...extra,
  });

  it('creates a site with the form fields and defaults, reads and lists it', async () => {
    const owner = await registerCompany(t.app);
    // The prototype's form sends empty strings for the optional contact fields.
    const res = await create(owner, {
      name: 'Résidence Les Pins',
      address: '12 avenue des Pins, Nice',
      contactName: '',
      contactPhone: '',
      contactEmail: '',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Résidence Les Pins',
      type: 'commercial',
      status: 'active',
      contactName: null,
      contactEmail: null,
      camerasCount: 0,
      alarmsCount: 0,
      latitude: null,
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/sites/${created.id}`, headers: owner.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    const list = await t.app.inject({ method: 'GET', url: '/api/sites', headers: owner.auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([created]);
  });

  it('stores every optional field and edits them, including Actif/Inactif', async () => {
    const owner = await registerCompany(t.app);
    const created = (
      await create(owner, {
        ...site('Entrepôt Nord'),
        type: 'industriel',
        contactName: 'Paul Durand',
        contactPhone: '+33 6 12 34 56 78',
        contactEmail: 'Paul@Exemple.fr',
        latitude: 48.85,
        longitude: 2.35,
      })
    ).json();
    expect(created).toMatchObject({
      type: 'industriel',
      contactEmail: 'paul@exemple.fr',
      latitude: 48.85,
      longitude: 2.35,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${created.id}`,
      headers: owner.auth,
      payload: { status: 'inactive', contactPhone: '', contactEmail: null, name: 'Entrepôt Sud' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'inactive',
      name: 'Entrepôt Sud',
      contactPhone: null,
      contactEmail: null,
      contactName: 'Paul Durand',
      latitude: 48.85,
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  it('rejects bad input with 422 and French messages', async () => {
    const owner = await registerCompany(t.app);
    const res = await create(owner, {
      name: '',
      type: 'château',
      contactEmail: 'pas-un-email',
      latitude: 100,
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toContain('Le nom du site est obligatoire');
    expect(msgs).toContain("L'adresse est obligatoire");
    expect(msgs).toContain('Type de site invalide (commercial, industriel, residentiel ou public)');
    expect(msgs).toContain('Adresse e-mail invalide');
    expect(msgs).toContain('La latitude doit être comprise entre -90 et 90');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${unknownId}`,
      headers: owner.auth,
      payload: { status: 'fermé' },
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().detail[0].msg).toBe('Statut invalide (active ou inactive)');
    const badId = await t.app.inject({ method: 'GET', url: '/api/sites/abc', headers: owner.auth });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().detail[0].msg).toBe('Identifiant invalide');
  });

  it('answers 401 without a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/sites'],
      ['POST', '/api/sites'],
      ['GET', `/api/sites/${unknownId}`],
      ['PATCH', `/api/sites/${unknownId}`],
      ['DELETE', `/api/sites/${unknownId}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? site('X') : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another company's site and never lists it", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const theirs = (await create(b, site('Site de B'))).json();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/sites/${theirs.id}`,
        headers: a.auth,
        payload: method === 'PATCH' ? { name: 'Volé' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().detail).toBe('Site introuvable');
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/sites', headers: a.auth });
    expect(list.json()).toEqual([]);
    const still = await t.app.inject({ method: 'GET', url: `/api/sites/${theirs.id}`, headers: b.auth });
    expect(still.json().name).toBe('Site de B');
  });

  it('lets agents read but not create, edit or delete; operators manage', async () => {
    const owner = await registerCompany(t.app);
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    const made = await create(operator, site('Site opérateur'));
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sites', headers: agent.auth })).json(),
    ).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sites/${id}`, headers: agent.auth })).statusCode,
    ).toBe(200);
    const denied = [
      await create(agent, site('Site agent')),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/sites/${id}`,
        headers: agent.auth,
        payload: { name: 'Y' },
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/sites/${id}`, headers: agent.auth }),
    ];
    for (const res of denied) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        'Les agents peuvent consulter les sites mais pas les créer, les modifier ni les supprimer',
      );
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/sites/${id}`, headers: operator.auth })).statusCode,
    ).toBe(204);
  });

  it('enforces the plan limits: 10 sites on basic, 50 on pro, none on enterprise', async () => {
    const basic = await registerCompany(t.app, { subscription: 'basic' });
    for (let i = 0; i < 10; i++) expect((await create(basic, site(`Site ${i}`))).statusCode).toBe(201);
    const eleventh = await create(basic, site('Site 11'));
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().detail).toBe(
      "Limite atteinte : l'offre Starter (basic) permet 10 sites au maximum",
    );

    const pro = await registerCompany(t.app, { subscription: 'pro' });
    for (let i = 0; i < 50; i++) expect((await create(pro, site(`Pro ${i}`))).statusCode).toBe(201);
    const fiftyFirst = await create(pro, site('Pro 51'));
    expect(fiftyFirst.statusCode).toBe(403);
    expect(fiftyFirst.json().detail).toBe(
      "Limite atteinte : l'offre Professional (pro) permet 50 sites au maximum",
    );

    const enterprise = await registerCompany(t.app, { subscription: 'enterprise' });
    for (let i = 0; i < 11; i++) expect((await create(enterprise, site(`Ent ${i}`))).statusCode).toBe(201);
  });

  it('searches ignoring case and accents, filters by status and type, and paginates', async () => {
    const owner = await registerCompany(t.app, { subscription: 'pro' });
    await create(owner, { name: 'Résidence Les Pins', address: '12 avenue des Pins', type: 'residentiel' });
    await create(owner, {
      name: 'Centre Commercial Étoile',
      address: 'Place de la Gare',
      status: 'inactive',
    });
    await create(owner, { name: 'Usine Cœur de Loire', address: 'Zone Industrielle', type: 'industriel' });
    const search = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/sites?${q}`, headers: owner.auth }))
        .json()
        .map((s: { name: string }) => s.name);
    expect(await search('search=resid')).toEqual(['Résidence Les Pins']);
    expect(await search('search=R%C3%89SID')).toEqual(['Résidence Les Pins']);
    expect(await search('search=etoile')).toEqual(['Centre Commercial Étoile']);
    expect(await search('search=coeur')).toEqual(['Usine Cœur de Loire']);
    // The address is searched too, and LIKE wildcards are literal.
    expect(await search('search=gare')).toEqual(['Centre Commercial Étoile']);
    expect(await search('search=%25')).toEqual([]);
    expect(await search('status=inactive')).toEqual(['Centre Commercial Étoile']);
    expect(await search('type=industriel')).toEqual(['Usine Cœur de Loire']);

    const first = await t.app.inject({ method: 'GET', url: '/api/sites?limit=2', headers: owner.auth });
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await t.app.inject({ method: 'GET', url: String(next), headers: owner.auth });
    expect(second.json().map((s: { name: string }) => s.name)).toEqual(['Usine Cœur de Loire']);
    expect(second.headers.link).toBeUndefined();
  });

  it('refuses to delete a site with cameras (409, French), then deletes it once empty; audits every change', async () => {
    const owner = await registerCompany(t.app);
    const s = (await create(owner, site('Parking Sud'))).json();
    const cam = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.auth,
      payload: { siteId: s.id, name: 'Entrée', location: 'Portail' },
    });
    expect(cam.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sites/${s.id}`, headers: owner.auth })).json()
        .camerasCount,
    ).toBe(1);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/sites/${s.id}`, headers: owner.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "Impossible de supprimer ce site : une caméra y est rattachée. Supprimez-la ou rattachez-la à un autre site d'abord.",
    );
    await t.app.inject({ method: 'DELETE', url: `/api/cameras/${cam.json().id}`, headers: owner.auth });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/sites/${s.id}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sites/${s.id}`, headers: owner.auth })).statusCode,
    ).toBe(404);

    const actions = await t.db.withTenant(owner.company.id, async (tx) =>
      rowsOf<{ action: string }>(
        await tx.execute(
          sql`select action from audit_log where company_id = ${owner.company.id} and entity = 'site' order by id`,
        ),
      ).map((r) => r.action),
    );
    expect(actions).toEqual(['site.created', 'site.deleted']);
  });

  it('keeps alarm history: a site with alarms, even resolved, cannot be deleted (409), only set Inactif', async () => {
    const owner = await registerCompany(t.app);
    const s = (await create(owner, site('Dépôt Est'))).json();
    const alarm = await t.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: owner.auth,
      payload: {
        siteId: s.id,
        title: 'Intrusion quai 2',
        description: 'Détecteur volumétrique',
        location: 'Quai 2',
      },
    });
    expect(alarm.statusCode).toBe(201);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.json().id}/resolve`,
      headers: owner.auth,
      payload: {
        note: 'Levée de doute : chat',
        decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
      },
    });
    expect(resolved.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/sites/${s.id}`, headers: owner.auth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Impossible de supprimer ce site : son historique compte 1 alarme à conserver. Passez-le en Inactif.',
    );
    const inactive = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${s.id}`,
      headers: owner.auth,
      payload: { status: 'inactive' },
    });
    expect(inactive.json().status).toBe('inactive');
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarm.json().id}`,
      headers: owner.auth,
    });
    expect(kept.statusCode).toBe(200);
  });
});
