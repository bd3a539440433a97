// Main courante over HTTP: writing and reading, bad input, sessions, roles, other companies, the
// append-only rules (405, the trigger), corrections, numbering under concurrency, the hash chain
// check failing on a row altered in the database, and the system entries copied from events.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  asOwner as asOwnerOf,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { publishEvent } from '../events/events.service';
import { runGuardTourPass } from '../guard-tours/guard-tours.jobs';
import { createTour, siteWithAgentOnDuty, tourBody } from '../guard-tours/test-support';
import { copySystemEvents } from './system-entries.service';

describe.each(engines)('main courante on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  let n = 0;
  const createSite = async (tenant: Tenant, name = `Site ${Date.now()}-${n++}`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name, address: '1 rue de la Paix, Paris' },
    });
    if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; name: string };
  };
  const post = (tenant: Tenant | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/logbook', headers: tenant?.auth ?? {}, payload });
  const get = (tenant: Tenant | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: tenant?.auth ?? {} });
  /** Statements as the database owner (RLS and the append-only trigger do not hold it). */
  const asOwner = (q: ReturnType<typeof sql>) => asOwnerOf(t, q);
  /** Makes the agent user on duty (clocked in on a shift in progress) on the site. */
  const onDuty = async (companyId: string, userId: string, siteId: string) => {
    const u = `${Date.now()}${n++}`;
    await asOwner(sql`
      with a as (
        insert into agents (company_id, name, badge, phone, email, speciality, level, hire_date, user_id)
        values (${companyId}, ${`Agent ${u}`}, ${`B-${u}`}, '0612345678', ${`a-${u}@exemple.fr`}, 'Surveillance', 'junior', '2024-01-15', ${userId})
        returning company_id, id)
      insert into shifts (company_id, agent_id, site_id, type, status, starts_at, ends_at, local_date,
                          start_time, end_time, worked_minutes, clock_in_at)
      select a.company_id, a.id, ${siteId}, 'custom', 'En cours', now() - interval '1 hour', now() + interval '7 hours',
             current_date, '08:00', '16:00', 480, now() - interval '1 hour' from a`);
  };
  const photo = async () =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;

  it('writes entries with a photo, lists them newest first, reads one, gives the handover', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner, 'Entrepôt Nord');
    const first = await post(owner, {
      siteId: site.id,
      category: 'ronde',
      text: 'Ronde de 22h : RAS',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      photos: [await photo()],
    });
    expect(first.statusCode).toBe(201);
    const e1 = first.json();
    expect(e1).toMatchObject({
      number: 1,
      siteName: 'Entrepôt Nord',
      category: 'ronde',
      source: 'user',
      author: { userId: owner.user.id, name: owner.user.name },
      shiftId: null,
      correctsId: null,
      prevHash: '0'.repeat(64),
      corrections: [],
    });
    expect(e1.photos).toHaveLength(1);
    const img = await get(owner, e1.photos[0].url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');

    const second = await post(owner, { siteId: site.id, category: 'relève', text: 'Relève : clés au PC' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ number: 2, prevHash: e1.hash });

    const list = await get(owner, `/api/logbook?siteId=${site.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((e: { number: number }) => e.number)).toEqual([2, 1]);

    const page = await get(owner, `/api/logbook?siteId=${site.id}&limit=1`);
    expect(page.json().map((e: { number: number }) => e.number)).toEqual([2]);
    const next = /<([^>]+)>/.exec(String(page.headers.link))?.[1];
    expect((await get(owner, next as string)).json().map((e: { number: number }) => e.number)).toEqual([1]);

    const from = new Date(Date.now() - 30_000).toISOString();
    const period = await get(owner, `/api/logbook?siteId=${site.id}&from=${encodeURIComponent(from)}`);
    expect(period.json().map((e: { number: number }) => e.number)).toEqual([2]);

    expect((await get(owner, `/api/logbook/${e1.id}`)).json()).toMatchObject({ id: e1.id, number: 1 });
    const handover = await get(owner, `/api/logbook/handover?siteId=${site.id}`);
    expect(handover.json()).toMatchObject({ number: 2, category: 'relève' });
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 2,
    });
  });

  it('refuses bad input in French and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ siteId: site.id, category: 'ronde' }, 422, /texte est obligatoire/],
      [{ siteId: site.id, category: 'ronde', text: '   ' }, 422, /texte est obligatoire/],
      [{ siteId: site.id, category: 'ronde', text: 'x'.repeat(4001) }, 422, /4000 caractères/],
      [{ siteId: site.id, category: 'fête', text: 'a' }, 422, /Catégorie invalide/],
      [{ category: 'ronde', text: 'a' }, 422, /sélectionner un site/],
      [{ siteId: 'abc', category: 'ronde', text: 'a' }, 422, /sélectionner un site/],
      [
        {
          siteId: site.id,
          category: 'ronde',
          text: 'a',
          occurredAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        422,
        /futur/,
      ],
      [{ siteId: site.id, category: 'ronde', text: 'a', occurredAt: 'hier' }, 422, /heure de l'événement/],
      [{ siteId: site.id, category: 'ronde', text: 'a', photos: ['pas une image !'] }, 422, /base64/],
      [
        { siteId: site.id, category: 'ronde', text: 'a', photos: [Buffer.from('hello').toString('base64')] },
        422,
        /Format d'image/,
      ],
      [{ siteId: site.id, category: 'ronde', text: 'a', photos: ['A'.repeat(500_000)] }, 422, /300 Ko/],
      [{ siteId: site.id, category: 'ronde', text: 'a', correctsId: crypto.randomUUID() }, 422, /corriger/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(status);
      expect(JSON.stringify(res.json().detail)).toMatch(message);
    }
    const tooMany = await post(owner, {
      siteId: site.id,
      category: 'ronde',
      text: 'a',
      photos: Array.from({ length: 5 }, () => 'AAAA'),
    });
    expect(tooMany.statusCode).toBe(422);
    expect((await get(owner, `/api/logbook?siteId=${site.id}`)).json()).toEqual([]);
    expect((await get(owner, `/api/logbook?siteId=${site.id}&cursor=zzz`)).statusCode).toBe(422);
  });

  it('needs a session, hides other companies, limits agents to their duty', async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const site = await createSite(owner);
    const theirSite = await createSite(other);
    const mine = (
      await post(owner, { siteId: site.id, category: 'consigne', text: 'Fermer le portail' })
    ).json();
    const theirs = (await post(other, { siteId: theirSite.id, category: 'consigne', text: 'Secret' })).json();

    expect((await post(null, { siteId: site.id, category: 'ronde', text: 'a' })).statusCode).toBe(401);
    expect((await get(null, `/api/logbook?siteId=${site.id}`)).statusCode).toBe(401);
    expect((await get(null, `/api/logbook/${mine.id}`)).statusCode).toBe(401);

    expect((await get(owner, `/api/logbook/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/logbook?siteId=${theirSite.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/logbook/verify?siteId=${theirSite.id}`)).statusCode).toBe(404);
    expect((await post(owner, { siteId: theirSite.id, category: 'ronde', text: 'a' })).statusCode).toBe(404);
    const crossCorrect = await post(owner, {
      siteId: site.id,
      category: 'ronde',
      text: 'a',
      correctsId: theirs.id,
    });
    expect(crossCorrect.statusCode).toBe(422);

    const operator = await addUser(t.app, owner, 'operator');
    expect(
      (await post(operator, { siteId: site.id, category: 'appel', text: 'Appel client' })).statusCode,
    ).toBe(201);

    const agent = await addUser(t.app, owner, 'agent');
    const offDuty = await post(agent, { siteId: site.id, category: 'ronde', text: 'Ronde' });
    expect(offDuty.statusCode).toBe(403);
    expect(offDuty.json().detail).toMatch(/en service/);
    expect((await get(agent, `/api/logbook?siteId=${site.id}`)).statusCode).toBe(403);

    await onDuty(owner.company.id, agent.user.id, site.id);
    const written = await post(agent, { siteId: site.id, category: 'ronde', text: 'Ronde de nuit' });
    expect(written.statusCode).toBe(201);
    expect(written.json().shiftId).toEqual(expect.any(String));
    // The entry as answered is the entry as stored, and the database sealed its shift as the chain
    // check recomputes it.
    const stored = await get(agent, `/api/logbook/${written.json().id}`);
    expect(stored.json()).toEqual(written.json());
    expect((await get(agent, `/api/logbook?siteId=${site.id}`)).statusCode).toBe(200);
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 3,
    });
  });

  it('is append-only: 405 on edits and removals, the trigger refuses the app role', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const e = (await post(owner, { siteId: site.id, category: 'incident', text: 'Vitre brisée' })).json();
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/logbook/${e.id}`,
        headers: owner.auth,
        payload: { text: 'autre' },
      });
      expect(res.statusCode).toBe(405);
      expect(res.json().detail).toMatch(/ne se modifie pas/);
    }
    await expect(
      t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`update logbook_entries set text = 'x' where id = ${e.id}`),
      ),
    ).rejects.toThrow();
    await expect(
      t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`delete from logbook_entries where id = ${e.id}`),
      ),
    ).rejects.toThrow();
    expect((await get(owner, `/api/logbook/${e.id}`)).json().text).toBe('Vitre brisée');
  });

  it('shows corrections with the entry they correct', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const e = (await post(owner, { siteId: site.id, category: 'passage', text: 'Livraison 10h' })).json();
    const c = await post(owner, {
      siteId: site.id,
      category: 'passage',
      text: 'Correction : livraison à 11h',
      correctsId: e.id,
    });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ number: 2, correctsId: e.id });
    const one = (await get(owner, `/api/logbook/${e.id}`)).json();
    expect(one.text).toBe('Livraison 10h');
    expect(one.corrections).toMatchObject([{ number: 2, text: 'Correction : livraison à 11h' }]);
    const list = (await get(owner, `/api/logbook?siteId=${site.id}`)).json();
    expect(list[1].corrections).toHaveLength(1);
  });

  it('numbers 100 concurrent entries 1..100 without gap nor duplicate, in a valid chain', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const res = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(owner, { siteId: site.id, category: 'autre', text: `Entrée ${i}` }),
      ),
    );
    expect(res.every((r) => r.statusCode === 201)).toBe(true);
    const numbers = res.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 100,
    });
  });

  it('seals in the database the hash the chain check recomputes, whatever the text', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner, 'Dépôt « Sud » \\ "quai" 😀');
    for (const text of [
      'Guillemets "doubles", \\ barre, tab\t, retour\nligne',
      'Émoji 😀, « chevrons », ½ — fin',
    ]) {
      expect((await post(owner, { siteId: site.id, category: 'autre', text })).statusCode).toBe(201);
    }
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 2,
    });
  });

  it('verify fails at the entry altered in the database', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await post(owner, { siteId: site.id, category: 'ronde', text: `Ronde ${i}` })).json().id);
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 5,
    });
    await asOwner(sql`update logbook_entries set text = 'Ronde 3 (réécrite)' where id = ${ids[2]}`);
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: false,
      checked: 2,
      firstBrokenNumber: 3,
    });
  });

  it('copies alarms, access refusals, SOS and clock-ins as system entries, once and in order', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(owner);
    const alarm = await t.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: owner.auth,
      payload: { siteId: site.id, title: 'Intrusion quai 3', description: 'Détecteur', location: 'Quai 3' },
    });
    expect(alarm.statusCode).toBe(201);
    await t.db.withTenant(owner.company.id, async (tx) => {
      await publishEvent(tx, owner.company.id, 'access.logged', {
        siteId: site.id,
        status: 'Autorisé',
        personName: 'Marie Curie',
      });
      await publishEvent(tx, owner.company.id, 'access.logged', {
        siteId: site.id,
        status: 'Refusé',
        personName: 'Jean Inconnu',
        location: 'Porte A',
        reason: 'Badge suspendu',
      });
    });
    // A clock-in (the planning module's event) and a radio SOS (its alert row, then its event).
    const agent = await addUser(t.app, owner, 'agent');
    await onDuty(owner.company.id, agent.user.id, site.id);
    const shiftRes = await asOwner(
      sql`select s.id::text as id from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id where a.user_id = ${agent.user.id}`,
    );
    const shiftId = (shiftRes as unknown as { rows: { id: string }[] }).rows[0]?.id;
    const alertRes = await asOwner(sql`
      insert into radio_alerts (company_id, type, severity, agent_name, description, ai_recommendation, location_source, site_id)
      values (${owner.company.id}, 'sos', 'critical', 'Paul Martin', 'Agent au sol', 'Envoyer une équipe', 'none', ${site.id})
      returning id::text as id`);
    const alertId = (alertRes as unknown as { rows: { id: string }[] }).rows[0]?.id;
    await t.db.withTenant(owner.company.id, async (tx) => {
      await publishEvent(tx, owner.company.id, 'shift.changed', { id: shiftId, change: 'clock_in' });
      await publishEvent(tx, owner.company.id, 'radio.alert', {
        id: alertId,
        type: 'sos',
        change: 'created',
      });
      await publishEvent(tx, owner.company.id, 'radio.alert', { id: alertId, change: 'acknowledged' });
    });
    const later = new Date(Date.now() + 5_000);
    await copySystemEvents(t.db, later);
    await copySystemEvents(t.db, later);
    const list = (await get(owner, `/api/logbook?siteId=${site.id}`)).json() as {
      number: number;
      source: string;
      text: string;
      author: { name: string };
    }[];
    expect(list.map((e) => [e.number, e.source, e.text.split(' : ')[0]])).toEqual([
      [4, 'system', 'Alerte radio'],
      [3, 'system', 'Prise de service'],
      [2, 'system', 'Accès refusé'],
      [1, 'system', 'Alarme'],
    ]);
    expect(list[0]?.text).toMatch(/SOS — Paul Martin — Agent au sol/);
    expect(list[1]?.text).toMatch(/Agent /);
    expect(list[2]?.text).toMatch(/Jean Inconnu — Porte A — Badge suspendu/);
    expect(list[3]?.text).toMatch(
      /Intrusion quai 3 — Quai 3 — gravité (faible|moyenne|importante|critique)$/,
    );
    expect(list[0]?.author.name).toBe('Système');
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toEqual({
      ok: true,
      checked: 4,
    });
  });
  it('copies guard tour alerts and lone-worker alerts as system entries of their site, once', async () => {
    const owner = await registerCompany(t.app);
    const foreign = await registerCompany(t.app);
    const foreignSite = await createSite(foreign);
    const { site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id, { name: 'Ronde du soir' }));
    // A round planned now that nobody starts: late after 10 minutes, closed (all 4 checkpoints
    // missed) after twice its 30 minutes and the margin.
    const planned = await t.app.inject({
      method: 'POST',
      url: `/api/tours/${tour.id}/rounds`,
      headers: owner.auth,
      payload: { start: false },
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const plannedAt = Date.parse(planned.json().plannedAt);
    await runGuardTourPass(t.db, new Date(plannedAt + 11 * 60_000));
    await runGuardTourPass(t.db, new Date(plannedAt + 71 * 60_000));
    // The lone-worker module's events (its payload only): one alert raised, then acknowledged; and a
    // forged one naming another company's site, which must not land anywhere.
    const alert = { status: 'active', agentName: 'Paul Martin', dueAt: new Date().toISOString() };
    await t.db.withTenant(owner.company.id, async (tx) => {
      await publishEvent(tx, owner.company.id, 'lone_worker.alert', {
        ...alert,
        id: randomUUID(),
        change: 'created',
        siteId: site.id,
      });
      await publishEvent(tx, owner.company.id, 'lone_worker.alert', {
        ...alert,
        id: randomUUID(),
        change: 'acknowledged',
        status: 'acknowledged',
        siteId: site.id,
      });
      await publishEvent(tx, owner.company.id, 'lone_worker.alert', {
        ...alert,
        id: randomUUID(),
        change: 'created',
        siteId: foreignSite.id,
      });
    });
    const later = new Date(Date.now() + 5_000);
    await copySystemEvents(t.db, later);
    await copySystemEvents(t.db, later);

    type Listed = {
      number: number;
      source: string;
      category: string;
      text: string;
      author: { name: string };
    };
    const list = (await get(owner, `/api/logbook?siteId=${site.id}`)).json() as Listed[];
    const tours = list.filter((e) => e.text.startsWith('Alerte ronde : '));
    expect(tours.map((e) => [e.source, e.category, e.author.name])).toEqual([
      ['system', 'ronde', 'Système'],
      ['system', 'ronde', 'Système'],
    ]);
    // Newest first: the round closed with its checkpoints missed, then the late start.
    expect(tours[0]?.text).toMatch(
      /« Ronde du soir » sur .* 4 point\(s\) non scanné\(s\) : Portail principal, Quai 3, Local technique, Issue de secours Nord/,
    );
    expect(tours[1]?.text).toMatch(
      /La ronde « Ronde du soir » prévue à \d\d:\d\d sur .* n'a pas été démarrée/,
    );
    const lone = list.filter((e) => e.text.startsWith('Travailleur isolé'));
    expect(lone.map((e) => [e.text, e.source, e.category])).toEqual([
      ['Travailleur isolé sans réponse — Paul Martin', 'system', 'incident'],
    ]);
    expect((await get(owner, `/api/logbook/verify?siteId=${site.id}`)).json()).toMatchObject({ ok: true });
    const foreignList = (await get(foreign, `/api/logbook?siteId=${foreignSite.id}`)).json() as Listed[];
    expect(foreignList).toEqual([]);
  });
});
