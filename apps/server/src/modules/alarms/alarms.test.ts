import { randomUUID } from 'node:crypto';
import { alarmCountCap } from '@vigie/contract/alarms.contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
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

describe.each(engines)('alarms API on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let agent: Tenant;
  let other: Tenant;
  let siteId: string;
  let otherSiteId: string;

  const addSite = async (tenant: Tenant, name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: tenant.auth,
        payload: { name, address: `${name}, Lyon` },
      })
    ).json().id as string;
  const create = (tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/alarms', headers: tenant.auth, payload });
  const valid = (extra: Record<string, unknown> = {}) => ({
    siteId,
    title: 'Intrusion quai 3',
    description: 'Détecteur de mouvement déclenché',
    location: 'Quai 3',
    ...extra,
  });
  const post = (tenant: Tenant | null, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: tenant?.auth ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { subscription: 'enterprise' });
    operator = await addUser(t.app, owner, 'operator');
    agent = await addUser(t.app, owner, 'agent');
    other = await registerCompany(t.app);
    siteId = await addSite(owner, 'Entrepôt Nord');
    otherSiteId = await addSite(other, 'Ailleurs');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an alarm with the specification defaults and its first timeline entry', async () => {
    const res = await create(owner, valid({ triggeredBy: 'Détecteur PIR 12' }));
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      type: 'intrusion',
      severity: 'medium',
      status: 'active',
      title: 'Intrusion quai 3',
      siteId,
      siteName: 'Entrepôt Nord',
      triggeredBy: 'Détecteur PIR 12',
      source: 'user',
      assignedTo: null,
      responseTime: null,
      cameraId: null,
    });
    expect(a.timeline).toEqual([
      expect.objectContaining({ kind: 'created', label: 'Alarme déclenchée', author: owner.user.name }),
    ]);
    expect(a.actions[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d — Alarme déclenchée par /);
    const got = await t.app.inject({ method: 'GET', url: `/api/alarms/${a.id}`, headers: agent.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(a);
  });

  it('refuses bad input with French 422 details, and an unknown or foreign site with 404', async () => {
    const res = await create(owner, {
      siteId,
      type: 'meteor',
      severity: 'extreme',
      title: '',
      location: 'x',
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Type d'alarme invalide"),
        expect.stringContaining('Gravité invalide'),
        'Le titre est obligatoire',
        'La description est obligatoire',
      ]),
    );
    expect((await create(owner, valid({ siteId: otherSiteId }))).statusCode).toBe(404);
    expect((await create(owner, valid({ siteId: randomUUID() }))).json()).toMatchObject({
      detail: 'Site introuvable',
    });
    expect((await create(owner, valid({ cameraId: randomUUID() }))).json()).toMatchObject({
      detail: 'Caméra introuvable',
    });
  });

  it('needs a session on every endpoint', async () => {
    const id = (await create(owner, valid())).json().id;
    for (const [method, url] of [
      ['GET', '/api/alarms'],
      ['GET', `/api/alarms/${id}`],
      ['POST', '/api/alarms'],
      ['POST', `/api/alarms/${id}/acknowledge`],
      ['POST', `/api/alarms/${id}/resolve`],
      ['POST', `/api/alarms/${id}/comments`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('runs the lifecycle active → acquittée → résolue, with response time, timeline and audit', async () => {
    const a = (await create(owner, valid({ severity: 'critical' }))).json();
    const ack = await post(operator, `/api/alarms/${a.id}/acknowledge`);
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', assignedTo: operator.user.name });
    expect(ack.json().responseTime).toBeGreaterThanOrEqual(0);
    const again = await post(owner, `/api/alarms/${a.id}/acknowledge`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'Cette alarme est déjà acquittée' });

    const comment = await post(agent, `/api/alarms/${a.id}/comments`, {
      text: 'Ronde effectuée, porte forcée',
    });
    expect(comment.statusCode).toBe(201);
    const resolved = await post(owner, `/api/alarms/${a.id}/resolve`, {
      note: 'Police prévenue, site sécurisé',
      decision: { outcome: 'positive', reason: 'Porte forcée constatée par l’agent' },
    });
    expect(resolved.statusCode).toBe(200);
    const r = resolved.json();
    expect(r).toMatchObject({
      status: 'resolved',
      resolvedBy: owner.user.name,
      resolutionNote: 'Police prévenue, site sécurisé',
      acknowledgedBy: operator.user.name,
    });
    expect(r.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'acknowledged',
      'commented',
      'resolved',
    ]);
    expect(r.actions[2]).toContain(`Commentaire de ${agent.user.name} : Ronde effectuée, porte forcée`);
    expect(r.actions[3]).toContain(`Alarme résolue par ${owner.user.name} : Police prévenue, site sécurisé`);
    const twice = await post(owner, `/api/alarms/${a.id}/resolve`, {
      note: 'encore',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: 'Cette alarme est déjà résolue' });
    expect((await post(owner, `/api/alarms/${a.id}/acknowledge`)).json()).toMatchObject({
      detail: 'Cette alarme est déjà résolue',
    });

    const audit = rowsOf<{ action: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select action from audit_log where company_id = ${owner.company.id} and entity_id = ${a.id}`,
        ),
      ),
    );
    expect(audit.map((x) => x.action).sort()).toEqual(
      ['alarm.acknowledged', 'alarm.commented', 'alarm.created', 'alarm.resolved'].sort(),
    );
  });

  it('resolving an active alarm directly counts as taking it in charge', async () => {
    const a = (await create(owner, valid())).json();
    const r = (
      await post(operator, `/api/alarms/${a.id}/resolve`, {
        note: 'Fausse alarme',
        decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
      })
    ).json();
    expect(r).toMatchObject({ status: 'resolved', acknowledgedBy: operator.user.name });
    expect(r.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('lets agents read, raise and comment, but not acknowledge or resolve (403)', async () => {
    const a = await create(agent, valid({ type: 'panic', severity: 'high' }));
    expect(a.statusCode).toBe(201);
    const id = a.json().id;
    for (const [url, body] of [
      [`/api/alarms/${id}/acknowledge`, undefined],
      [`/api/alarms/${id}/resolve`, { note: 'ok' }],
    ] as const) {
      const res = await post(agent, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        'Seuls les opérateurs et les administrateurs peuvent acquitter ou résoudre une alarme',
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alarms', headers: agent.auth })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another company's alarm on every endpoint", async () => {
    const id = (await create(owner, valid())).json().id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/alarms/${id}`, headers: other.auth })).statusCode,
    ).toBe(404);
    expect((await post(other, `/api/alarms/${id}/acknowledge`)).statusCode).toBe(404);
    expect(
      (
        await post(other, `/api/alarms/${id}/resolve`, {
          note: 'x',
          decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
        })
      ).statusCode,
    ).toBe(404);
    const c = await post(other, `/api/alarms/${id}/comments`, { text: 'x' });
    expect(c.statusCode).toBe(404);
    expect(c.json()).toMatchObject({ detail: 'Alarme introuvable' });
    const list = await t.app.inject({ method: 'GET', url: '/api/alarms?limit=500', headers: other.auth });
    expect(list.body).not.toContain(id);
  });

  it('filters by status, severity, site, type, period and accent-free search, newest first, with keyset pages', async () => {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    const s1 = await addSite(tenant, 'Site Un');
    const s2 = await addSite(tenant, 'Site Deux');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await create(tenant, {
        siteId: i % 2 ? s2 : s1,
        title: i === 3 ? 'Fumée détectée' : `Alarme ${i}`,
        description: 'Test',
        location: 'Hall',
        type: i === 3 ? 'fire' : 'intrusion',
        severity: i % 3 === 0 ? 'critical' : 'low',
      });
      made.push(res.json().id);
    }
    await post(tenant, `/api/alarms/${made[0]}/resolve`, {
      note: 'ok',
      decision: { outcome: 'negative', reason: 'Vérifié à la vidéo : rien à signaler' },
    });
    const list = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/alarms${q}`, headers: tenant.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const all = await list('');
    expect(all.json().map((a: { id: string }) => a.id)).toEqual([...made].reverse());
    expect(all.headers['x-total-count']).toBe('7');
    expect((await list('?status=active')).json()).toHaveLength(6);
    expect((await list('?status=r%C3%A9solue')).json().map((a: { id: string }) => a.id)).toEqual([made[0]]);
    expect((await list('?severity=critique')).json()).toHaveLength(3);
    expect((await list(`?siteId=${s2}`)).json()).toHaveLength(3);
    expect((await list('?type=fire')).json()).toHaveLength(1);
    expect((await list('?search=FUMEE')).json().map((a: { id: string }) => a.id)).toEqual([made[3]]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).json()).toHaveLength(0);
    expect((await list(`?to=${encodeURIComponent(future)}`)).json()).toHaveLength(7);

    const seen: string[] = [];
    let url: string | undefined = '/api/alarms?limit=3';
    while (url) {
      const res: LightMyRequestResponse = await t.app.inject({ method: 'GET', url, headers: tenant.auth });
      seen.push(...res.json().map((a: { id: string }) => a.id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual([...made].reverse());
    // A search's pages come from its matches (searchPageSql): same order, same total on each page.
    const found: string[] = [];
    let next: string | undefined = '/api/alarms?limit=2&search=alarme';
    while (next) {
      const res: LightMyRequestResponse = await t.app.inject({
        method: 'GET',
        url: next,
        headers: tenant.auth,
      });
      expect(res.headers['x-total-count']).toBe('6');
      found.push(...res.json().map((a: { id: string }) => a.id));
      next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(found).toEqual([...made].reverse().filter((id) => id !== made[3]));
    const searchedActive = await list('?search=alarme&status=active&severity=critique');
    expect(searchedActive.json().map((a: { id: string }) => a.id)).toEqual([made[6]]);
    expect(searchedActive.headers['x-total-count']).toBe('1');
    const bad = await t.app.inject({ method: 'GET', url: '/api/alarms?cursor=abc', headers: tenant.auth });
    expect(bad.statusCode).toBe(422);
  });

  it("finds alarms by their site's or camera's name, accents and case ignored, never another company's", async () => {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    const depot = await addSite(tenant, 'Entrepôt Rungis');
    const office = await addSite(tenant, 'Bureaux Part-Dieu');
    const camera = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: tenant.auth,
      payload: {
        siteId: office,
        name: 'Caméra Parking Sud',
        location: 'Parking',
        rtspUrl: 'rtsp://127.0.0.1:1/live',
      },
    });
    expect(camera.statusCode, camera.body).toBe(201);
    const base = { description: 'Détecteur', location: 'Hall', type: 'intrusion', severity: 'low' };
    const atDepot = (await create(tenant, { ...base, siteId: depot, title: 'Intrusion' })).json().id;
    const onCamera = (
      await create(tenant, { ...base, siteId: office, cameraId: camera.json().id, title: 'Mouvement' })
    ).json().id;
    await create(tenant, { ...base, siteId: office, title: 'Porte forcée' });
    // Another company's site of the same name must not bring its alarms.
    const foreignSite = await addSite(other, 'Entrepôt Rungis');
    await create(other, { ...base, siteId: foreignSite, title: 'Intrusion' });
    const ids = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/alarms?search=${q}`, headers: tenant.auth });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((a: { id: string }) => a.id), total: res.headers['x-total-count'] };
    };
    expect(await ids('entrepot')).toEqual({ ids: [atDepot], total: '1' });
    expect(await ids('PARKING%20SUD')).toEqual({ ids: [onCamera], total: '1' });
    expect((await ids('part-dieu')).ids).toHaveLength(2);
  });

  it('counts a search alone from the tokens, each alarm once, and caps the count', async () => {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    const site = await addSite(tenant, 'Zone B');
    const base = { description: 'RAS', location: 'Hall', type: 'intrusion', severity: 'low', siteId: site };
    for (const title of ['Porte du portail', 'Portail nord', 'Porte forcée', 'Vitre brisée'])
      expect((await create(tenant, { ...base, title })).statusCode).toBe(201);
    const total = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/alarms?limit=1&search=${encodeURIComponent(q)}`,
          headers: tenant.auth,
        })
      ).headers['x-total-count'];
    // « Porte du portail » holds two words of the prefix « port »: one alarm.
    expect(await total('port')).toBe('3');
    expect(await total('portail')).toBe('2');
    expect(await total('port nord')).toBe('1');
    expect(await total('porte forcee')).toBe('1');
    expect(await total('zone')).toBe('4');
    expect(await total('--')).toBe('0');
    // More than the cap: one more than it, whatever the true number.
    await t.db.withTenant(tenant.company.id, (tx) =>
      tx.execute(sql`insert into alarms (company_id, site_id, type, severity, status, title, description, location, source)
        select ${tenant.company.id}, ${site}, 'intrusion', 'low', 'resolved', 'Porte ' || i, 'RAS', 'Hall', 'device'
          from generate_series(1, ${alarmCountCap + 5}) i`),
    );
    expect(await total('porte')).toBe(String(alarmCountCap + 1));
  });

  // Search tokens (docs/decisions/0014): words match word starts, not the middle of a word; every
  // word must match; a site or camera renamed or deleted moves its alarms' words.
  it('matches word prefixes, every word, and follows site and camera renames', async () => {
    const tenant = await registerCompany(t.app, { subscription: 'enterprise' });
    const site = await addSite(tenant, 'Dépôt Nord');
    const camera = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: tenant.auth,
      payload: { siteId: site, name: 'Caméra Quai', location: 'Quai 3', rtspUrl: 'rtsp://127.0.0.1:1/live' },
    });
    expect(camera.statusCode, camera.body).toBe(201);
    const base = {
      description: 'Détecteur',
      location: 'Hall',
      type: 'intrusion',
      severity: 'low',
      siteId: site,
    };
    const gate = (await create(tenant, { ...base, title: 'Portail nord ouvert' })).json().id;
    const door = (await create(tenant, { ...base, title: 'Porte forcée', cameraId: camera.json().id })).json()
      .id;
    // Another company with the same words: never in the answers.
    const foreign = await addSite(other, 'Dépôt Nord');
    await create(other, { ...base, siteId: foreign, title: 'Portail nord ouvert' });
    const ids = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/alarms?search=${encodeURIComponent(q)}`,
        headers: tenant.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .map((a: { id: string }) => a.id)
        .sort();
    };
    expect(await ids('port')).toEqual([gate, door].sort());
    expect(await ids('PORTAIL')).toEqual([gate]);
    expect(await ids('ortail')).toEqual([]);
    expect(await ids('nord port')).toEqual([gate, door].sort());
    expect(await ids('ouvert forcée')).toEqual([]);
    expect(await ids('« porte »')).toEqual([door]);
    expect(await ids('--')).toEqual([]);
    expect(await ids('depot')).toEqual([gate, door].sort());
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site}`,
      headers: tenant.auth,
      payload: { name: 'Entrepôt Sud' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ids('depot')).toEqual([]);
    // « nord » is still in the gate's own title.
    expect(await ids('nord')).toEqual([gate]);
    expect(await ids('entrepot sud')).toEqual([gate, door].sort());
    expect(await ids('quai')).toEqual([door]);
    const recamera = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.json().id}`,
      headers: tenant.auth,
      payload: { name: 'Caméra Rampe' },
    });
    expect(recamera.statusCode, recamera.body).toBe(200);
    expect(await ids('quai')).toEqual([]);
    expect(await ids('rampe')).toEqual([door]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cameras/${camera.json().id}`,
      headers: tenant.auth,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await ids('rampe')).toEqual([]);
    expect(await ids('camera')).toEqual([]);
  });
});
