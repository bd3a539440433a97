// Lone-worker protection, the control room's side: a missed check-in raises exactly one alert with
// the last position (a critical notification and an event), a check-in in time raises none, an alert
// is acknowledged once; and the phone's SOS raises the radio module's SOS (critical alarm, nearest
// agents, one notification). Bad input, sessions, roles and other companies on every route.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { runLoneWorkerPass } from './lone-worker.jobs';
import { agentOnDuty, phonePosition, req, startProtection } from './test-support';

const GRACE = 120_000;
const minutes = (n: number) => n * 60_000;

describe.each(engines)('lone-worker alerts and SOS on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const events = async (companyId: string) =>
    rowsOf<{ type: string; payload: Record<string, unknown> }>(
      await t.db.withTenant(companyId, (tx) =>
        tx.execute(
          sql`select type, payload from events where company_id = ${companyId} and type = 'lone_worker.alert' order by id`,
        ),
      ),
    );

  it('raises one alert for a missed check-in, with the last position; acknowledged once', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const { phone, agent, site } = await agentOnDuty(t.app, owner);
    const s = await startProtection(t.app, phone, { intervalMinutes: 1, position: phonePosition });
    const due = Date.parse(s.nextDueAt);

    // Due, within the grace: nothing yet.
    expect((await runLoneWorkerPass(t.db, new Date(due + GRACE - 1000), GRACE)).raised).toBe(0);
    // Past the grace: one alert, and only one however many passes run.
    const past = new Date(due + GRACE + 1000);
    expect((await runLoneWorkerPass(t.db, past, GRACE)).raised).toBe(1);
    expect((await runLoneWorkerPass(t.db, past, GRACE)).raised).toBe(0);
    expect((await runLoneWorkerPass(t.db, new Date(due + GRACE + 60_000), GRACE)).raised).toBe(0);

    const list = await req(t.app, operator, 'GET', '/api/lone-worker/alerts?status=active');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    const [alert] = list.json();
    expect(alert).toMatchObject({
      sessionId: s.id,
      agentId: agent.id,
      agentName: agent.name,
      siteId: site.id,
      siteName: site.name,
      dueAt: s.nextDueAt,
      status: 'active',
      answeredAt: null,
      acknowledgedAt: null,
      position: { lat: phonePosition.lat, lng: phonePosition.lng },
    });
    // The agent's phone learns an alert went out.
    expect((await req(t.app, phone, 'GET', '/api/lone-worker/sessions/current')).json().session.alerted).toBe(
      true,
    );

    const told = (await req(t.app, operator, 'GET', '/api/notifications')).json();
    const note = told.find(
      (n: { title: string }) => n.title === `Travailleur isolé sans réponse — ${agent.name}`,
    );
    expect(note).toMatchObject({ severity: 'critical', link: '/dashboard' });
    expect(note.body).toContain('48.86580, 2.32140');
    expect((await events(owner.company.id))[0]?.payload).toEqual({
      id: alert.id,
      change: 'created',
      status: 'active',
      siteId: site.id,
      agentName: agent.name,
      dueAt: s.nextDueAt,
    });

    // The agent answers late: the alert says so, and stays for the control room to acknowledge.
    const late = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {});
    expect(late.statusCode).toBe(200);
    expect(late.json().alerted).toBe(false);
    const answered = (await req(t.app, owner, 'GET', '/api/lone-worker/alerts')).json()[0];
    expect(answered.status).toBe('active');
    expect(answered.answeredAt).not.toBeNull();

    const ack = await req(t.app, operator, 'POST', `/api/lone-worker/alerts/${alert.id}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', acknowledgedByName: operator.user.name });
    const again = await req(t.app, owner, 'POST', `/api/lone-worker/alerts/${alert.id}/acknowledge`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Cette alerte a déjà été acquittée');
    expect((await req(t.app, owner, 'GET', '/api/lone-worker/alerts?status=active')).json()).toEqual([]);
    expect(
      (await req(t.app, owner, 'GET', '/api/lone-worker/alerts?status=acknowledged'))
        .json()
        .map((a: { id: string }) => a.id),
    ).toEqual([alert.id]);
    const changes = (await events(owner.company.id)).map((e) => e.payload.change);
    expect(changes).toEqual(['created', 'answered', 'acknowledged']);
    const audited = rowsOf<{ action: string; actor_user_id: string | null; name: string | null }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select action, actor_user_id, details->>'name' as name from audit_log where company_id = ${owner.company.id} and entity = 'lone_worker_alert' order by created_at`,
        ),
      ),
    );
    // Named by the agent: the journal's « Objet » reads « Alerte travailleur isolé · <agent> ».
    expect(audited).toEqual([
      { action: 'lone_worker_alert.raised', actor_user_id: null, name: agent.name },
      { action: 'lone_worker_alert.acknowledged', actor_user_id: operator.user.id, name: agent.name },
    ]);

    // The next due time, missed as well, is a new alert.
    const next = Date.parse(late.json().nextDueAt);
    expect((await runLoneWorkerPass(t.db, new Date(next + GRACE + 1000), GRACE)).raised).toBe(1);
  });

  it('raises no alert when the agent checks in on time', async () => {
    const owner = await registerCompany(t.app);
    const { phone } = await agentOnDuty(t.app, owner);
    const s = await startProtection(t.app, phone, { intervalMinutes: 1 });
    expect((await runLoneWorkerPass(t.db, new Date(Date.parse(s.nextDueAt) - 10_000), GRACE)).raised).toBe(0);
    const checked = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {
      position: phonePosition,
    });
    const next = Date.parse(checked.json().nextDueAt);
    expect(next).toBeGreaterThan(Date.parse(s.nextDueAt) - 1000);
    expect((await runLoneWorkerPass(t.db, new Date(next + GRACE - 1000), GRACE)).raised).toBe(0);
    expect((await req(t.app, owner, 'GET', '/api/lone-worker/alerts')).json()).toEqual([]);
    // Stopped protections raise nothing either.
    await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/stop`);
    expect((await runLoneWorkerPass(t.db, new Date(next + minutes(60)), GRACE)).raised).toBe(0);
  });

  it('guards the alerts: roles, other companies, bad input, no session', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const { phone } = await agentOnDuty(t.app, a);
    const s = await startProtection(t.app, phone, { intervalMinutes: 1 });
    await runLoneWorkerPass(t.db, new Date(Date.parse(s.nextDueAt) + GRACE + 1000), GRACE);
    const [alert] = (await req(t.app, a, 'GET', '/api/lone-worker/alerts')).json();
    expect(alert).toBeDefined();

    const agentList = await req(t.app, phone, 'GET', '/api/lone-worker/alerts');
    expect(agentList.statusCode).toBe(403);
    expect(agentList.json().detail).toBe(
      'Seuls les administrateurs et les opérateurs suivent les alertes travailleur isolé',
    );
    expect(
      (await req(t.app, phone, 'POST', `/api/lone-worker/alerts/${alert.id}/acknowledge`)).statusCode,
    ).toBe(403);
    const foreign = await req(t.app, b, 'POST', `/api/lone-worker/alerts/${alert.id}/acknowledge`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Alerte travailleur isolé introuvable');
    expect((await req(t.app, b, 'GET', '/api/lone-worker/alerts')).json()).toEqual([]);

    const badStatus = await req(t.app, a, 'GET', '/api/lone-worker/alerts?status=perdue');
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().detail[0].msg).toBe('Statut invalide (active ou acknowledged)');
    expect((await req(t.app, a, 'GET', '/api/lone-worker/alerts?limit=501')).statusCode).toBe(422);
    expect((await req(t.app, a, 'GET', '/api/lone-worker/alerts?cursor=%%%')).statusCode).toBe(422);
    expect((await req(t.app, a, 'POST', '/api/lone-worker/alerts/123/acknowledge')).statusCode).toBe(422);
    expect((await req(t.app, null, 'GET', '/api/lone-worker/alerts')).statusCode).toBe(401);
    expect(
      (await req(t.app, null, 'POST', `/api/lone-worker/alerts/${alert.id}/acknowledge`)).statusCode,
    ).toBe(401);
    // Still active after all that.
    expect((await req(t.app, a, 'GET', '/api/lone-worker/alerts?status=active')).json()).toHaveLength(1);
  });

  it("raises the radio module's SOS from the phone: critical alarm, nearest agents, one notification", async () => {
    const owner = await registerCompany(t.app);
    const { phone, agent, site } = await agentOnDuty(t.app, owner);
    // A colleague on duty nearby, whose clock-in position makes them a candidate.
    const { agent: colleague } = await agentOnDuty(t.app, owner);
    const before = (await req(t.app, owner, 'GET', '/api/notifications')).json().length;

    const res = await req(t.app, phone, 'POST', '/api/lone-worker/sos', { position: phonePosition });
    expect(res.statusCode, res.body).toBe(201);
    const sos = res.json();
    expect(sos).toMatchObject({ location: { lat: phonePosition.lat, lng: phonePosition.lng } });
    expect(sos.alarmId).not.toBeNull();

    const radioAlert = await req(t.app, owner, 'GET', `/api/radio/alerts/${sos.alertId}`);
    expect(radioAlert.statusCode).toBe(200);
    expect(radioAlert.json()).toMatchObject({
      type: 'sos',
      severity: 'critical',
      status: 'active',
      radioId: null,
      agentId: agent.id,
      agentName: agent.name,
      siteId: site.id,
      locationSource: 'device',
    });
    expect(radioAlert.json().nearestAgents.map((n: { agentId: string }) => n.agentId)).toContain(
      colleague.id,
    );
    const alarm = await req(t.app, owner, 'GET', `/api/alarms/${sos.alarmId}`);
    expect(alarm.json()).toMatchObject({
      severity: 'critical',
      type: 'panic',
      title: `SOS radio — ${agent.name}`,
    });
    const notes = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    expect(notes.length - before).toBe(1);
    expect(notes[0]).toMatchObject({ severity: 'critical', title: `SOS radio — ${agent.name}` });
    const positions = (await req(t.app, phone, 'GET', '/api/lone-worker/positions')).json();
    expect(positions[0]).toMatchObject({ kind: 'sos', lat: phonePosition.lat });

    // Without a position: the last one recorded (the SOS's), said so.
    const blind = await req(t.app, phone, 'POST', '/api/lone-worker/sos');
    expect(blind.statusCode, blind.body).toBe(201);
    expect(blind.json().location).toEqual({ lat: phonePosition.lat, lng: phonePosition.lng });
    const blindAlert = (await req(t.app, owner, 'GET', `/api/radio/alerts/${blind.json().alertId}`)).json();
    expect(blindAlert.locationSource).toBe('radio');
    expect(blindAlert.description).toContain('dernière position enregistrée');
  });

  it('guards the SOS: agents only, bad input, no session', async () => {
    const owner = await registerCompany(t.app);
    // An agent off duty may still call for help (no site known: the radio alert still goes out).
    const phone = await addUser(t.app, owner, 'agent');
    const rec = await req(t.app, owner, 'POST', '/api/agents', {
      name: 'Agent hors service',
      badge: `B-${Date.now()}`,
      phone: '0612345678',
      email: `hs-${Date.now()}@exemple.fr`,
      speciality: 'Surveillance',
      level: 'junior',
      hireDate: '2024-01-15',
      userId: phone.user.id,
    });
    expect(rec.statusCode, rec.body).toBe(201);
    const off = await req(t.app, phone, 'POST', '/api/lone-worker/sos', {});
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json()).toMatchObject({ location: null, alarmId: null });

    const operator = await addUser(t.app, owner, 'operator');
    for (const who of [owner, operator]) {
      const res = await req(t.app, who, 'POST', '/api/lone-worker/sos', {});
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/réservé aux agents/);
    }
    for (const body of [
      { position: { lat: -91, lng: 0, accuracy: 1 } },
      { position: { lat: 1, lng: 1 } },
      [],
    ]) {
      const res = await req(t.app, phone, 'POST', '/api/lone-worker/sos', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await req(t.app, null, 'POST', '/api/lone-worker/sos', {})).statusCode).toBe(401);
  });
});
