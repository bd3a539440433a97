import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
import { checkAttendance, checkLicences, purgeAgentPositions } from './planning.jobs';
import { createAgent, createShift, createSite, parisParts, shiftAround } from './test-support';

// Place de la Concorde (the test site) and points around it.
const onSite = { latitude: 48.8657, longitude: 2.3213, accuracy: 12 };
const farAway = { latitude: 48.8738, longitude: 2.295, accuracy: 10 };

describe.each(engines)('clock-in, watch, jobs and payroll on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function setup() {
    const owner = await registerCompany(t.app);
    const phone = await addUser(t.app, owner, 'agent');
    const agent = await createAgent(t.app, owner, { userId: phone.user.id });
    const site = await createSite(t.app, owner);
    return { owner, phone, agent, site };
  }
  const clock = (who: Tenant, id: string, what: 'clock-in' | 'clock-out', payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/shifts/${id}/${what}`, headers: who.auth, payload });

  it('takes and ends the service on site; the agent shows En service and the dashboard counts it', async () => {
    const { owner, phone, agent, site } = await setup();
    const shift = await createShift(t.app, owner, shiftAround(agent.id, site.id, 10));
    const me = await t.app.inject({ method: 'GET', url: '/api/planning/me', headers: phone.auth });
    expect(me.json().agent).toMatchObject({ id: agent.id, status: 'actif' });
    expect(me.json().shifts.map((s: { id: string }) => s.id)).toContain(shift.id);
    const far = await clock(phone, shift.id, 'clock-in', farAway);
    expect(far.statusCode).toBe(422);
    expect(far.json().detail[0].msg).toMatch(
      /^Position hors du site : vous êtes à \d+ m du site \(210 m acceptés\)/,
    );
    const vague = await clock(phone, shift.id, 'clock-in', { ...onSite, accuracy: 2000 });
    expect(vague.statusCode).toBe(422);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth })
    ).json();
    expect(before.stats).toMatchObject({ onlineAgents: 0, totalAgents: 1 });
    const inRes = await clock(phone, shift.id, 'clock-in', onSite);
    expect(inRes.statusCode).toBe(200);
    expect(inRes.json()).toMatchObject({ status: 'En cours' });
    expect(inRes.json().clockInAt).not.toBeNull();
    const again = await clock(phone, shift.id, 'clock-in', onSite);
    expect(again.statusCode).toBe(409);
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/agents/${agent.id}`, headers: owner.auth })
    ).json();
    expect(read.status).toBe('en service');
    const onDuty = await t.app.inject({
      method: 'GET',
      url: '/api/agents?status=en%20service',
      headers: owner.auth,
    });
    expect(onDuty.json().map((a: { id: string }) => a.id)).toEqual([agent.id]);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth })
    ).json();
    expect(after.stats).toMatchObject({ onlineAgents: 1, totalAgents: 1 });
    // A service taken (here within its first 15 minutes) counts in system health at once.
    expect(after.systemHealth.find((c: { name: string }) => c.name === 'Agents')).toMatchObject({
      status: 'Actif',
      description: "1/1 gardes en cours prises à l'heure",
    });
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/planning/summary', headers: owner.auth })
    ).json();
    expect(summary.shiftsInProgress).toBe(1);
    const out = await clock(phone, shift.id, 'clock-out', onSite);
    expect(out.json()).toMatchObject({ status: 'Terminé' });
    const positions = rowsOf<{ kind: string }>(
      await t.app.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select kind from agent_positions where company_id = ${owner.company.id} order by recorded_at`,
        ),
      ),
    );
    expect(positions.map((p) => p.kind)).toEqual(['clock_in', 'clock_out']);
  });

  it('refuses too early, not yours, another company, a bad body, and without a session', async () => {
    const { owner, phone, agent, site } = await setup();
    const later = await createShift(t.app, owner, shiftAround(agent.id, site.id, 120));
    const early = await clock(phone, later.id, 'clock-in', onSite);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/^Trop tôt : la prise de service ouvre à \d\d h \d\d/);
    const colleague = await createAgent(t.app, owner);
    const theirShift = await createShift(t.app, owner, shiftAround(colleague.id, site.id, 5));
    expect((await clock(phone, theirShift.id, 'clock-in', onSite)).statusCode).toBe(404);
    const other = await setup();
    const foreign = await createShift(t.app, other.owner, shiftAround(other.agent.id, other.site.id, 5));
    expect((await clock(phone, foreign.id, 'clock-in', onSite)).statusCode).toBe(404);
    expect(
      (await clock(phone, later.id, 'clock-in', { latitude: 200, longitude: 2, accuracy: 5 })).statusCode,
    ).toBe(422);
    expect((await clock(phone, later.id, 'clock-in', {})).statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/shifts/${later.id}/clock-in`,
      payload: onSite,
    });
    expect(anonymous.statusCode).toBe(401);
    // An administrator without an agent record cannot clock in.
    expect((await clock(owner, later.id, 'clock-in', onSite)).statusCode).toBe(403);
  });

  it('raises Agent absent 15 minutes after a missed start, once', async () => {
    const { owner, agent, site } = await setup();
    const shift = await createShift(t.app, owner, shiftAround(agent.id, site.id, -20));
    const raised = await checkAttendance(t.app.db);
    expect(raised).toBeGreaterThanOrEqual(1);
    const alarms = (
      await t.app.inject({ method: 'GET', url: '/api/alarms?type=agent_absent', headers: owner.auth })
    ).json();
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      type: 'agent_absent',
      severity: 'high',
      title: `Agent absent : ${agent.name}`,
    });
    await checkAttendance(t.app.db);
    const still = (
      await t.app.inject({ method: 'GET', url: '/api/alarms?type=agent_absent', headers: owner.auth })
    ).json();
    expect(still).toHaveLength(1);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth })
    ).json();
    expect(overview.recentAlerts[0].title).toBe(`Agent absent : ${agent.name}`);
    expect(overview.systemHealth.find((c: { name: string }) => c.name === 'Agents')).toMatchObject({
      status: 'Hors service',
      uptime: '0.0%',
    });
    expect(shift.status).toBe('Programmé');
  });

  it('notifies administrators of licences once, and purges positions past retention with an audit count', async () => {
    const { owner } = await setup();
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await createAgent(t.app, owner, { cnapsExpiresOn: soon });
    await checkLicences(t.app.db);
    await checkLicences(t.app.db);
    const notes = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: owner.auth })
    ).json();
    const cnaps = notes.filter((n: { kind: string }) => n.kind === 'licence.cnaps_expiring');
    expect(cnaps).toHaveLength(1);
    expect(cnaps[0].body).toMatch(/CNAPS/);
    const count = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: owner.auth })
    ).json();
    expect(count.unread).toBeGreaterThanOrEqual(1);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${cnaps[0].id}/read`,
      headers: owner.auth,
    });
    expect(read.json().readAt).not.toBeNull();
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: owner.auth,
    });
    expect(all.statusCode).toBe(200);
    // Positions older than the company's retention (60 days) go; the audit log keeps the count.
    const agent = await createAgent(t.app, owner);
    await t.app.db.withTenant(owner.company.id, (tx) =>
      tx.execute(sql`insert into agent_positions (company_id, agent_id, kind, latitude, longitude, accuracy_m, recorded_at)
        values (${owner.company.id}, ${agent.id}, 'clock_in', 48.86, 2.32, 10, now() - interval '61 days'),
               (${owner.company.id}, ${agent.id}, 'clock_out', 48.86, 2.32, 10, now() - interval '59 days')`),
    );
    expect(await purgeAgentPositions(t.app.db)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ kind: string }>(
      await t.app.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select kind from agent_positions where company_id = ${owner.company.id}`),
      ),
    );
    expect(left.map((p) => p.kind)).toEqual(['clock_out']);
    const audit = rowsOf<{ details: { removed: number } }>(
      await t.app.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select details from audit_log where company_id = ${owner.company.id} and action = 'retention.agent_positions_purged'`,
        ),
      ),
    );
    expect(audit[0]?.details.removed).toBe(1);
  });

  it('exports the month as a workbook for administrators only, opened again here', async () => {
    const { owner, phone, agent, site } = await setup();
    const shift = await createShift(t.app, owner, shiftAround(agent.id, site.id, 5));
    await clock(phone, shift.id, 'clock-in', onSite);
    const month = parisParts(new Date()).date.slice(0, 7);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/planning/export?month=${month}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="paie-${month}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Synthèse', 'Gardes']);
    const names: string[] = [];
    book.getWorksheet('Gardes')?.eachRow((row) => names.push(String(row.getCell(1).value)));
    expect(names).toContain(agent.name);
    const operator = await addUser(t.app, owner, 'operator');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/planning/export?month=${month}`,
          headers: operator.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/planning/export?month=2026-13', headers: owner.auth }))
        .statusCode,
    ).toBe(422);
    const audit = rowsOf(
      await t.app.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select 1 from audit_log where company_id = ${owner.company.id} and action = 'planning.payroll_exported'`,
        ),
      ),
    );
    expect(audit).toHaveLength(1);
  });
});
