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
import { createAgent, createShift, createSite, shiftBody } from './test-support';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('shifts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (tenant: Tenant, payload: Record<string, unknown>, url = '/api/shifts') =>
    t.app.inject({ method: 'POST', url, headers: tenant.auth, payload });

  async function setup() {
    const owner = await registerCompany(t.app);
    const agent = await createAgent(t.app, owner);
    const site = await createSite(t.app, owner);
    return { owner, agent, site };
  }

  it('plans the default shift with its worked time, lists, reads and edits it', async () => {
    const { owner, agent, site } = await setup();
    const res = await post(owner, shiftBody(agent.id, site.id));
    expect(res.statusCode).toBe(201);
    const shift = res.json();
    expect(shift).toMatchObject({
      agentName: agent.name,
      siteName: site.name,
      date: '2030-06-17',
      startTime: '08:00',
      endTime: '17:00',
      type: 'custom',
      status: 'Programmé',
      workedMinutes: 480,
      // Europe/Paris is UTC+2 in June.
      start: '2030-06-17T06:00:00.000Z',
      end: '2030-06-17T15:00:00.000Z',
      overrideReason: null,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/shifts?from=2030-06-17&to=2030-06-17',
      headers: owner.auth,
    });
    expect(list.json()).toEqual([shift]);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/api/shifts?from=2030-06-18',
      headers: owner.auth,
    });
    expect(outside.json()).toEqual([]);
    const byAgent = await t.app.inject({
      method: 'GET',
      url: `/api/shifts?agentId=${agent.id}`,
      headers: owner.auth,
    });
    expect(byAgent.json()).toHaveLength(1);
    // A night shift crosses midnight.
    const night = await t.app.inject({
      method: 'PATCH',
      url: `/api/shifts/${shift.id}`,
      headers: owner.auth,
      payload: { shiftType: 'night', startTime: '18:00', endTime: '06:00', breakStart: null, breakEnd: null },
    });
    expect(night.statusCode).toBe(200);
    expect(night.json()).toMatchObject({
      type: 'night',
      workedMinutes: 720,
      end: '2030-06-18T04:00:00.000Z',
    });
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/planning/week?from=2030-06-15',
      headers: owner.auth,
    });
    expect(week.json().days).toEqual([
      '2030-06-15',
      '2030-06-16',
      '2030-06-17',
      '2030-06-18',
      '2030-06-19',
      '2030-06-20',
      '2030-06-21',
    ]);
    expect(week.json().agents).toEqual([
      expect.objectContaining({
        id: agent.id,
        shifts: [expect.objectContaining({ id: shift.id, type: 'night' })],
      }),
    ]);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/planning/summary?date=2030-06-17',
      headers: owner.auth,
    });
    expect(summary.json()).toEqual({
      date: '2030-06-17',
      totalAgents: 1,
      activeAgents: 1,
      onLeave: 0,
      shiftsInProgress: 0,
      shiftsScheduled: 1,
    });
  });

  it('bounds the week by local days across the autumn daylight-saving change (Europe/Paris)', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const ids: Record<string, string> = {};
    // Week of 2030-10-27 (the clocks go back that Sunday): 25 h that day, the week ends on
    // 2030-11-03 00:00 local = 23:00 UTC on 11-02.
    const plan = [
      ['before', '2030-10-26', '08:00', '16:00'],
      ['first', '2030-10-27', '08:00', '16:00'],
      ['last', '2030-11-02', '15:00', '23:30'],
      ['after', '2030-11-03', '00:30', '08:30'],
    ] as const;
    for (const [name, date, startTime, endTime] of plan) {
      const agent = await createAgent(t.app, owner);
      ids[name] = (
        await createShift(t.app, owner, {
          ...shiftBody(agent.id, site.id),
          date,
          startTime,
          endTime,
          breakStart: null,
          breakEnd: null,
        })
      ).id;
    }
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/planning/week?from=2030-10-27',
      headers: owner.auth,
    });
    expect(week.statusCode).toBe(200);
    const weekShifts = week.json().agents.flatMap((a: { shifts: { id: string }[] }) => a.shifts);
    expect(weekShifts.map((s: { id: string }) => s.id).sort()).toEqual([ids.first, ids.last].sort());
    expect(weekShifts.find((s: { id: string }) => s.id === ids.last)).toMatchObject({
      date: '2030-11-02',
      startTime: '15:00',
      endTime: '23:30',
    });
    // A page of one agent: the other comes with the next one.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/planning/week?from=2030-10-27&limit=1',
      headers: owner.auth,
    });
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json().agents).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await t.app.inject({ method: 'GET', url: next, headers: owner.auth });
    expect(second.json().agents).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
    const paged = [...first.json().agents, ...second.json().agents].flatMap(
      (a: { shifts: { id: string }[] }) => a.shifts.map((x) => x.id),
    );
    expect(paged.sort()).toEqual([ids.first, ids.last].sort());
  });

  it('accepts one of ten concurrent overlapping shifts for one agent (the plan lock), refuses the rest', async () => {
    const owner = await registerCompany(t.app);
    const agent = await createAgent(t.app, owner);
    const site = await createSite(t.app, owner);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(owner, shiftBody(agent.id, site.id, { startTime: `08:0${i}`, endTime: '17:00' })),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const r of answers.filter((x) => x.statusCode === 422))
      expect(r.json().detail.map((d: { type: string }) => d.type)).toContain('planning.overlap');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/shifts?agentId=${agent.id}`,
      headers: owner.auth,
    });
    expect(listed.json()).toHaveLength(1);
  });

  it('refuses a plan that breaks the rest rule, lists every rule, and lets an administrator override with a reason', async () => {
    const { owner, agent, site } = await setup();
    await createShift(
      t.app,
      owner,
      shiftBody(agent.id, site.id, {
        date: '2030-06-17',
        startTime: '14:00',
        endTime: '22:00',
        breakStart: null,
        breakEnd: null,
      }),
    );
    const next = shiftBody(agent.id, site.id, {
      date: '2030-06-18',
      startTime: '06:00',
      endTime: '14:00',
      breakStart: null,
      breakEnd: null,
    });
    const check = await post(owner, next, '/api/shifts/check');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ workedMinutes: 480, canOverride: true });
    expect(check.json().violations.map((v: { code: string }) => v.code)).toContain('min_rest');
    const refused = await post(owner, next);
    expect(refused.statusCode).toBe(422);
    const issues = refused.json().detail as { loc: string[]; msg: string; type: string }[];
    expect(issues.map((i) => i.loc[1])).toContain('min_rest');
    expect(issues.find((i) => i.loc[1] === 'min_rest')?.msg).toMatch(/^Repos insuffisant/);
    // An operator may not override; an administrator may, with a written reason.
    const operator = await addUser(t.app, owner, 'operator');
    const byOperator = await post(operator, {
      ...next,
      overrideReason: 'Remplacement en urgence du collègue malade',
    });
    expect(byOperator.statusCode).toBe(403);
    const tooShort = await post(owner, { ...next, overrideReason: 'urgent' });
    expect(tooShort.statusCode).toBe(422);
    const overridden = await post(owner, {
      ...next,
      overrideReason: 'Remplacement en urgence du collègue malade',
    });
    expect(overridden.statusCode).toBe(201);
    expect(overridden.json().overrideReason).toBe('Remplacement en urgence du collègue malade');
    const audit = rowsOf<{ details: { override: string; rules: string[] } }>(
      await t.app.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select details from audit_log where company_id = ${owner.company.id} and action = 'shift.created' and details ? 'override'`,
        ),
      ),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details.rules).toContain('min_rest');
    // Double booking is never overridable.
    const overlap = await post(owner, {
      ...next,
      overrideReason: 'Remplacement en urgence du collègue malade',
    });
    expect(overlap.statusCode).toBe(422);
    expect((overlap.json().detail as { loc: string[] }[]).map((i) => i.loc[1])).toContain('overlap');
  });

  it('refuses an agent whose CNAPS card has expired or who lacks the qualification the site requires', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner, { requiredQualifications: ['SSIAP1'] });
    const expired = await createAgent(t.app, owner, {
      cnapsExpiresOn: '2030-06-01',
      qualifications: [{ type: 'SSIAP2', obtainedOn: '2029-01-01' }],
    });
    const res = await post(owner, shiftBody(expired.id, site.id));
    // SSIAP-only on a fire-safety post: no CNAPS card needed, and SSIAP 2 covers SSIAP 1.
    expect(res.statusCode).toBe(201);
    const plain = await createSite(t.app, owner);
    const onGuardPost = await post(owner, shiftBody(expired.id, plain.id, { date: '2030-06-20' }));
    expect(onGuardPost.statusCode).toBe(422);
    expect((onGuardPost.json().detail as { loc: string[] }[]).map((i) => i.loc[1])).toEqual([
      'cnaps_invalid',
    ]);
    const unqualified = await createAgent(t.app, owner);
    const noSsiap = await post(owner, {
      ...shiftBody(unqualified.id, site.id),
      overrideReason: 'Je passe outre les règles du temps',
    });
    expect(noSsiap.statusCode).toBe(422);
    expect(noSsiap.json().detail[0].msg).toMatch(/SSIAP 1/);
  });

  it('refuses bad input with a French detail', async () => {
    const { owner, agent, site } = await setup();
    for (const extra of [
      { startTime: '25:00' },
      { date: '2030-02-30' },
      { shiftType: 'soirée' },
      { breakStart: '07:00', breakEnd: '07:30' },
      { breakStart: '12:00', breakEnd: null },
      { agentId: 'pas-un-id' },
    ]) {
      const res = await post(owner, shiftBody(agent.id, site.id, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(typeof res.json().detail[0].msg).toBe('string');
    }
    const missing = await post(owner, {});
    expect(missing.statusCode).toBe(422);
    const tooShort = await post(
      owner,
      shiftBody(agent.id, site.id, {
        startTime: '08:00',
        endTime: '11:59',
        breakStart: null,
        breakEnd: null,
      }),
    );
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().detail[0].loc).toEqual(['rules', 'min_duration']);
    expect((await t.app.inject({ method: 'GET', url: '/api/shifts', headers: owner.auth })).json()).toEqual(
      [],
    );
  });

  it('cancels and deletes only programmed shifts', async () => {
    const { owner, agent, site } = await setup();
    const a = await createShift(t.app, owner, shiftBody(agent.id, site.id));
    const cancel = await post(owner, { reason: 'Client fermé' }, `/api/shifts/${a.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'Annulé', cancelReason: 'Client fermé' });
    const again = await post(owner, {}, `/api/shifts/${a.id}/cancel`);
    expect(again.statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/shifts/${a.id}`,
      headers: owner.auth,
      payload: { endTime: '18:00' },
    });
    expect(edit.statusCode).toBe(409);
    // The cancelled slot is free again.
    const b = await createShift(t.app, owner, shiftBody(agent.id, site.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/shifts/${b.id}`, headers: owner.auth });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shifts/${b.id}`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another company's shift, agent or site, 403 to an agent, 401 without a session", async () => {
    const mine = await setup();
    const theirs = await setup();
    const shift = await createShift(t.app, theirs.owner, shiftBody(theirs.agent.id, theirs.site.id));
    for (const [method, url, payload] of [
      ['GET', `/api/shifts/${shift.id}`, undefined],
      ['PATCH', `/api/shifts/${shift.id}`, { endTime: '18:00' }],
      ['DELETE', `/api/shifts/${shift.id}`, undefined],
      ['POST', `/api/shifts/${shift.id}/cancel`, {}],
      ['GET', `/api/shifts/${unknownId}`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: mine.owner.auth,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await post(mine.owner, shiftBody(theirs.agent.id, mine.site.id))).statusCode).toBe(404);
    expect((await post(mine.owner, shiftBody(mine.agent.id, theirs.site.id))).statusCode).toBe(404);
    const theirList = await t.app.inject({
      method: 'GET',
      url: `/api/shifts?agentId=${theirs.agent.id}`,
      headers: mine.owner.auth,
    });
    expect(theirList.json()).toEqual([]);
    const fieldAgent = await addUser(t.app, mine.owner, 'agent');
    expect((await post(fieldAgent, shiftBody(mine.agent.id, mine.site.id))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/shifts' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/planning/week?from=2030-06-15' })).statusCode,
    ).toBe(401);
  });
});
