// Interventions over HTTP: the candidates ranked by distance, the state machine (every allowed and
// refused move), the geofence and checkpoint checks of « sur place », the closing report into the
// main courante and the alarm's file, who reads what (an agent never another's intervention or
// track), other companies, and bad input.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { tinyPng } from '../planning/test-support';
import { agentOnDuty, createAlarm, french, locate, north, propose, req } from './test-support';

describe.each(engines)('interventions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ranks the agents on duty by distance, with the age and source of their position, busy ones marked', async () => {
    const owner = await registerCompany(t.app);
    const near = await agentOnDuty(t.app, owner, 'Alice Proche');
    const far = await agentOnDuty(t.app, owner, 'Bruno Loin');
    const unlocated = await agentOnDuty(t.app, owner, 'Chloé Sans Position');
    await locate(t.app, near, north(300));
    await locate(t.app, far, north(5000));
    // The clock-in position counts too: move the third agent's last one out of the way.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`delete from agent_positions where company_id = ${owner.company.id} and agent_id = ${unlocated.agent.id}`,
      ),
    );
    const alarm = await createAlarm(t.app, owner, near.site.id);

    const res = await req(t.app, owner, 'GET', `/api/interventions/candidates?alarmId=${alarm.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      agentId: string;
      distanceM: number | null;
      positionSource: string | null;
      busy: boolean;
      positionAgeSeconds: number | null;
    }[];
    expect(list.map((c) => c.agentId)).toEqual([near.agent.id, far.agent.id, unlocated.agent.id]);
    expect(list[0]?.distanceM).toBeGreaterThan(250);
    expect(list[0]?.distanceM).toBeLessThan(350);
    expect(list[0]).toMatchObject({ positionSource: 'phone', busy: false });
    expect(list[0]?.positionAgeSeconds).toBeLessThan(60);
    expect(list[2]).toMatchObject({ distanceM: null, positionSource: null });
    // The database keeps only the nearest ones asked for.
    const first = await req(t.app, owner, 'GET', `/api/interventions/candidates?alarmId=${alarm.id}&limit=1`);
    expect(first.json().map((c: { agentId: string }) => c.agentId)).toEqual([near.agent.id]);

    await propose(t.app, owner, { alarmId: alarm.id, agentId: near.agent.id });
    const after = (
      await req(t.app, owner, 'GET', `/api/interventions/candidates?siteId=${near.site.id}`)
    ).json();
    expect(after[0]).toMatchObject({ agentId: near.agent.id, busy: true });
    const byPoint = await req(
      t.app,
      owner,
      'GET',
      `/api/interventions/candidates?lat=${north(5000).lat}&lng=2.3212`,
    );
    expect(byPoint.json()[0].agentId).toBe(far.agent.id);

    // Agents do not choose; bad and foreign input.
    expect(
      (await req(t.app, near.phone, 'GET', `/api/interventions/candidates?siteId=${near.site.id}`))
        .statusCode,
    ).toBe(403);
    for (const q of ['', '?lat=91&lng=2', '?siteId=abc', '?lat=48']) {
      const bad = await req(t.app, owner, 'GET', `/api/interventions/candidates${q}`);
      expect(bad.statusCode, q).toBe(422);
      expect(french(bad.body)).toBe(true);
    }
    const other = await registerCompany(t.app);
    expect(
      (await req(t.app, other, 'GET', `/api/interventions/candidates?alarmId=${alarm.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await req(t.app, other, 'GET', `/api/interventions/candidates?siteId=${near.site.id}`)).statusCode,
    ).toBe(404);
  });

  it('runs an intervention from the alarm to the report, each step stamped, into the main courante and the file', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const d = await agentOnDuty(t.app, owner, 'Denis Terrain');
    await locate(t.app, d, north(800));
    const alarm = await createAlarm(t.app, owner, d.site.id, { severity: 'critical' });

    const created = await req(t.app, operator, 'POST', '/api/interventions', {
      alarmId: alarm.id,
      agentId: d.agent.id,
      note: 'Portail forcé ?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const i = created.json();
    // The site's targets for a critical alarm (defaults: 60 s to accept, 15 min to be there).
    expect(i).toMatchObject({
      state: 'proposed',
      alarmTitle: 'Intrusion quai 3',
      acceptSeconds: 60,
      arriveMinutes: 15,
    });
    expect(i.steps.map((s: { kind: string }) => s.kind)).toEqual(['proposed']);

    // The agent's phone rang: his bell has it, and his card shows it.
    const bell = (await req(t.app, d.phone, 'GET', '/api/notifications')).json();
    expect(bell.some((n: { kind: string }) => n.kind === 'intervention.proposed')).toBe(true);
    const card = (await req(t.app, d.phone, 'GET', '/api/agent/interventions/current')).json();
    expect(card.intervention).toMatchObject({
      id: i.id,
      state: 'proposed',
      siteName: d.site.name,
      track: [],
    });

    const stepTo = (path: string, payload?: unknown) =>
      req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/${path}`, payload);
    // Refused moves: not yet accepted.
    for (const p of ['en-route', 'on-site', 'finish']) {
      const res = await stepTo(p, p === 'finish' ? { report: 'R' } : {});
      expect(res.statusCode, p).toBe(409);
      expect(res.json().detail).toMatch(/Impossible de passer l'intervention de « Proposée »/);
    }
    // The control room does not accept for the agent.
    expect((await req(t.app, operator, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode).toBe(
      403,
    );

    const accepted = await stepTo('accept', { position: north(800) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted' });
    expect(accepted.json().arriveDueAt).not.toBeNull();
    expect((await stepTo('accept', {})).statusCode).toBe(409);
    expect((await stepTo('refuse', { reason: 'Trop tard' })).statusCode).toBe(409);

    expect((await stepTo('en-route', { position: north(600) })).json().state).toBe('en_route');
    expect((await stepTo('en-route', {})).statusCode).toBe(409);

    // « Sur place »: too far, no position, then inside the geofence (site radius 100 m + accuracy).
    const far = await stepTo('on-site', { position: north(400) });
    expect(far.statusCode).toBe(409);
    expect(far.json().detail).toMatch(/Vous êtes à \d+ m du site/);
    expect((await stepTo('on-site', {})).json().detail).toMatch(/Position du téléphone nécessaire/);
    expect((await stepTo('on-site', { checkpoint: true })).json().detail).toMatch(/Aucun point de contrôle/);
    const there = await stepTo('on-site', { position: north(60, 20) });
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json()).toMatchObject({ state: 'on_site', onSiteBy: 'geofence' });

    const jpeg = `data:image/png;base64,${tinyPng.toString('base64')}`;
    const badPhoto = await stepTo('finish', { report: 'RAS', photos: ['pas une image'] });
    expect(badPhoto.statusCode).toBe(422);
    const done = await stepTo('finish', {
      report: 'Portail refermé, aucune trace d’effraction.',
      photos: [jpeg],
      position: north(20),
    });
    expect(done.statusCode, done.body).toBe(200);
    const final = done.json();
    expect(final).toMatchObject({ state: 'done', report: 'Portail refermé, aucune trace d’effraction.' });
    expect(final.photos).toHaveLength(1);
    expect(final.logbookEntryId).not.toBeNull();
    expect(final.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'proposed',
      'accepted',
      'en_route',
      'on_site',
      'done',
    ]);
    const onSiteStep = final.steps.find((s: { kind: string }) => s.kind === 'on_site');
    expect(onSiteStep.position).toMatchObject({ accuracy: 20 });
    expect((await stepTo('cancel', {})).statusCode).toBe(403);
    expect((await req(t.app, operator, 'POST', `/api/interventions/${i.id}/cancel`, {})).statusCode).toBe(
      409,
    );

    // The report is on the site's main courante, with its photo, readable by the control room.
    const entries = (await req(t.app, owner, 'GET', `/api/logbook?siteId=${d.site.id}`)).json();
    const entry = entries.find((e: { id: string }) => e.id === final.logbookEntryId);
    expect(entry).toMatchObject({ category: 'intervention', source: 'system' });
    expect(entry.text).toContain('Portail refermé');
    expect(entry.photos).toHaveLength(1);
    expect((await req(t.app, owner, 'GET', final.photos[0].url)).statusCode).toBe(200);

    // And each step in the alarm's file (the alarms/file part).
    const file = rowsOf<{ n: number }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select count(*)::int as n from alarm_file_entries
          where company_id = ${owner.company.id} and alarm_id = ${alarm.id} and kind = 'intervention'`),
      ),
    );
    expect(file[0]?.n).toBe(5);

    // The operator's detail has the track since acceptance; the audit has each step.
    const seen = (await req(t.app, operator, 'GET', `/api/interventions/${i.id}`)).json();
    expect(seen.track.length).toBeGreaterThanOrEqual(0);
    const audit = (await req(t.app, owner, 'GET', '/api/audit?entity=intervention')).json();
    const actions = (Array.isArray(audit) ? audit : (audit.items ?? [])).map(
      (a: { action: string }) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['intervention.proposed', 'intervention.done']));
  });

  it('refuses with a reason back to the operator, proposes again, cancels; refused moves answer 409', async () => {
    const owner = await registerCompany(t.app);
    const a = await agentOnDuty(t.app, owner, 'Émile Premier');
    const b = await agentOnDuty(t.app, owner, 'Fanny Seconde');
    const i = await propose(t.app, owner, { siteId: a.site.id, agentId: a.agent.id });
    // Busy agents are not proposed another.
    const busy = await req(t.app, owner, 'POST', '/api/interventions', {
      siteId: b.site.id,
      agentId: a.agent.id,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe('Cet agent est déjà sur une intervention en cours');
    // Another agent never reads it nor moves it.
    expect((await req(t.app, b.phone, 'GET', `/api/interventions/${i.id}`)).statusCode).toBe(404);
    expect((await req(t.app, b.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode).toBe(404);
    expect((await req(t.app, b.phone, 'GET', '/api/interventions')).json()).toEqual([]);

    const noReason = await req(t.app, a.phone, 'POST', `/api/interventions/${i.id}/refuse`, {});
    expect(noReason.statusCode).toBe(422);
    const refused = await req(t.app, a.phone, 'POST', `/api/interventions/${i.id}/refuse`, {
      reason: 'Déjà en ronde',
    });
    expect(refused.json()).toMatchObject({ state: 'refused', refusalReason: 'Déjà en ronde' });
    const warned = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    expect(
      warned.some(
        (n: { kind: string; body: string }) =>
          n.kind === 'intervention.refused' && n.body.includes('Déjà en ronde'),
      ),
    ).toBe(true);
    for (const p of ['accept', 'en-route', 'on-site']) {
      expect((await req(t.app, a.phone, 'POST', `/api/interventions/${i.id}/${p}`, {})).statusCode, p).toBe(
        409,
      );
    }
    // The agent who refused no longer sees it as his current one.
    expect((await req(t.app, a.phone, 'GET', '/api/agent/interventions/current')).json()).toEqual({
      intervention: null,
    });

    const again = await req(t.app, owner, 'POST', `/api/interventions/${i.id}/propose`, {
      agentId: b.agent.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'proposed', agentId: b.agent.id, refusalReason: null });
    // The control room's running list: the new agent's acceptance deadline, while the whole
    // intervention's start stays when it was first raised (the new proposal moved proposedAt only).
    const runningNow = await req(t.app, owner, 'GET', '/api/interventions?state=running');
    expect(runningNow.statusCode).toBe(200);
    const [listed, ...more] = runningNow.json();
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      id: i.id,
      state: 'proposed',
      agentName: 'Fanny Seconde',
      siteName: a.site.name,
      acceptedAt: null,
      arriveDueAt: null,
      late: null,
    });
    expect(listed.createdAt).toBe(i.proposedAt);
    expect(Date.parse(listed.createdAt)).toBeLessThan(Date.parse(listed.proposedAt));
    expect(Date.parse(listed.acceptDueAt) - Date.parse(listed.proposedAt)).toBe(listed.acceptSeconds * 1000);
    expect(
      (await req(t.app, owner, 'POST', `/api/interventions/${i.id}/propose`, { agentId: a.agent.id }))
        .statusCode,
    ).toBe(409);
    // Now the first agent lost it.
    expect((await req(t.app, a.phone, 'GET', `/api/interventions/${i.id}`)).statusCode).toBe(404);

    expect((await req(t.app, b.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode).toBe(200);
    const cancelled = await req(t.app, owner, 'POST', `/api/interventions/${i.id}/cancel`, {
      reason: 'Levée de doute négative',
    });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await req(t.app, owner, 'POST', `/api/interventions/${i.id}/cancel`, {})).statusCode).toBe(409);
    expect((await req(t.app, b.phone, 'POST', `/api/interventions/${i.id}/en-route`, {})).statusCode).toBe(
      409,
    );

    const running = await req(t.app, owner, 'GET', '/api/interventions?state=running');
    expect(running.json()).toEqual([]);
    expect((await req(t.app, owner, 'GET', `/api/interventions?siteId=${a.site.id}`)).json()).toHaveLength(1);
    expect((await req(t.app, owner, 'GET', `/api/interventions?siteId=${b.site.id}`)).json()).toEqual([]);
    const all = await req(t.app, owner, 'GET', '/api/interventions?limit=1');
    expect(all.headers['x-total-count']).toBe('1');
  });

  it('answers 404 to another company, 401 without a session, 422 on bad input', async () => {
    const owner = await registerCompany(t.app);
    const d = await agentOnDuty(t.app, owner);
    const i = await propose(t.app, owner, { siteId: d.site.id, agentId: d.agent.id });
    const other = await registerCompany(t.app);
    const otherAgent = await agentOnDuty(t.app, other);
    expect((await req(t.app, other, 'GET', `/api/interventions/${i.id}`)).statusCode).toBe(404);
    expect((await req(t.app, other, 'POST', `/api/interventions/${i.id}/cancel`, {})).statusCode).toBe(404);
    expect(
      (await req(t.app, otherAgent.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode,
    ).toBe(404);
    // Another company's site or agent.
    expect(
      (
        await req(t.app, other, 'POST', '/api/interventions', {
          siteId: d.site.id,
          agentId: otherAgent.agent.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await req(t.app, other, 'POST', '/api/interventions', {
          siteId: otherAgent.site.id,
          agentId: d.agent.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await req(t.app, null, 'GET', '/api/interventions')).statusCode).toBe(401);
    for (const body of [
      {},
      { siteId: d.site.id },
      { agentId: d.agent.id },
      { siteId: 'x', agentId: d.agent.id },
    ]) {
      const res = await req(t.app, owner, 'POST', '/api/interventions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(french(res.body)).toBe(true);
    }
    expect((await req(t.app, owner, 'GET', '/api/interventions?state=nope')).statusCode).toBe(422);
    // An agent off duty is not sent.
    const phone = await addUser(t.app, owner, 'agent');
    const res = await req(t.app, owner, 'POST', '/api/agents', {
      name: 'Gaston Repos',
      userId: phone.user.id,
    });
    const offDuty = res.statusCode === 201 ? res.json().id : null;
    if (offDuty) {
      const refused = await req(t.app, owner, 'POST', '/api/interventions', {
        siteId: d.site.id,
        agentId: offDuty,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/pas en service/);
    }
  });
});
