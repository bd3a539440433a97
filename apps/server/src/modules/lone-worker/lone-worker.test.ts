// Lone-worker protection over HTTP, the agent's side: turning it on during a shift in progress,
// checking in, positions taken only while it runs and seen by the agent alone, stopping it, its
// closing at the shift's end, bad input, sessions, roles and other companies.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { purgeAgentPositions } from '../planning/planning.jobs';
import { createAgent } from '../planning/test-support';
import { purgeLoneWorker, runLoneWorkerPass } from './lone-worker.jobs';
import { agentOnDuty, onSite, phonePosition, req, startProtection } from './test-support';

const french = (body: string) => /[a-zéèêàç]/i.test(body) && !/Invalid|Expected|Required/.test(body);

describe.each(engines)('lone-worker protection on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns protection on during the shift, checks in, records positions, stops', async () => {
    const owner = await registerCompany(t.app);
    const { phone, agent, site, shift } = await agentOnDuty(t.app, owner);

    const none = await req(t.app, phone, 'GET', '/api/lone-worker/sessions/current');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ session: null });

    const before = Date.now();
    const started = await req(t.app, phone, 'POST', '/api/lone-worker/sessions', { position: phonePosition });
    expect(started.statusCode, started.body).toBe(201);
    const s = started.json();
    expect(s).toMatchObject({
      agentId: agent.id,
      shiftId: shift.id,
      siteId: site.id,
      siteName: site.name,
      intervalMinutes: 30,
      lastCheckInAt: null,
      endedAt: null,
      graceSeconds: 120,
      alerted: false,
    });
    const due = Date.parse(s.nextDueAt) - Date.parse(s.startedAt);
    expect(due).toBe(30 * 60_000);
    expect(Date.parse(s.startedAt)).toBeGreaterThanOrEqual(before - 1000);

    const cur = await req(t.app, phone, 'GET', '/api/lone-worker/sessions/current');
    expect(cur.json().session.id).toBe(s.id);

    const checked = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {
      position: { lat: 48.866, lng: 2.3215, accuracy: 8 },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const c = checked.json();
    expect(c.lastCheckInAt).not.toBeNull();
    expect(Date.parse(c.nextDueAt) - Date.parse(c.lastCheckInAt)).toBe(30 * 60_000);
    // A check-in without a position (geolocation refused) is still a check-in.
    const bare = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`);
    expect(bare.statusCode, bare.body).toBe(200);

    const ping = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/positions`, {
      position: { lat: 48.8661, lng: 2.3216, accuracy: 20 },
    });
    expect(ping.statusCode, ping.body).toBe(204);

    const positions = await req(t.app, phone, 'GET', '/api/lone-worker/positions');
    expect(positions.statusCode).toBe(200);
    expect(positions.headers['x-total-count']).toBe('4');
    const kinds = positions.json().map((p: { kind: string }) => p.kind);
    expect(kinds).toEqual(['lone_worker', 'lone_worker', 'lone_worker', 'clock_in']);
    expect(positions.json()[0]).toMatchObject({ lat: 48.8661, lng: 2.3216, accuracy: 20, shiftId: shift.id });
    const page = await req(t.app, phone, 'GET', '/api/lone-worker/positions?limit=3');
    expect(page.json()).toHaveLength(3);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1];
    expect(next).toBeDefined();
    const rest = await req(t.app, phone, 'GET', next as string);
    expect(rest.json().map((p: { kind: string }) => p.kind)).toEqual(['clock_in']);

    const stopped = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ endReason: 'stopped' });
    expect(stopped.json().endedAt).not.toBeNull();
    expect((await req(t.app, phone, 'GET', '/api/lone-worker/sessions/current')).json()).toEqual({
      session: null,
    });

    // Off: nothing more is recorded.
    const after = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/positions`, {
      position: phonePosition,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe('Cette protection est terminée : réactivez-la si besoin');
    const late = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {});
    expect(late.statusCode).toBe(409);
    expect((await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/stop`)).statusCode).toBe(409);
    expect((await req(t.app, phone, 'GET', '/api/lone-worker/positions')).headers['x-total-count']).toBe('4');

    // Audited (personal data).
    const entries = rowsOf<{ action: string; name: string | null }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select action, details->>'name' as name from audit_log where company_id = ${owner.company.id} and entity = 'lone_worker_session' order by created_at, action`,
        ),
      ),
    );
    // Each entry names the protected agent: the journal's « Objet » shows it instead of an id.
    expect(new Set(entries.map((e) => e.name))).toEqual(new Set([agent.name]));
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'lone_worker.started',
        'lone_worker.check_in',
        'lone_worker.position',
        'lone_worker.stopped',
      ]),
    );

    // On again, with another interval.
    const again = await startProtection(t.app, phone, { intervalMinutes: 1 });
    expect(again.intervalMinutes).toBe(1);
    expect(again.id).not.toBe(s.id);
  });

  it('refuses protection without a shift in progress, twice at once, and to the control room', async () => {
    const owner = await registerCompany(t.app);
    const phone = await addUser(t.app, owner, 'agent');
    await createAgent(t.app, owner, { userId: phone.user.id });
    const off = await req(t.app, phone, 'POST', '/api/lone-worker/sessions', {});
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe("Prenez votre service avant d'activer la protection");

    const { phone: onDuty } = await agentOnDuty(t.app, owner);
    await startProtection(t.app, onDuty);
    const twice = await req(t.app, onDuty, 'POST', '/api/lone-worker/sessions', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('La protection travailleur isolé est déjà active');

    const operator = await addUser(t.app, owner, 'operator');
    for (const who of [owner, operator]) {
      const res = await req(t.app, who, 'POST', '/api/lone-worker/sessions', {});
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/seul l'agent l'active/);
      expect((await req(t.app, who, 'GET', '/api/lone-worker/sessions/current')).statusCode).toBe(403);
      expect((await req(t.app, who, 'GET', '/api/lone-worker/positions')).statusCode).toBe(403);
    }
    // An agent account without an agent record.
    const bare = await addUser(t.app, owner, 'agent');
    const noRecord = await req(t.app, bare, 'POST', '/api/lone-worker/sessions', {});
    expect(noRecord.statusCode).toBe(403);
    expect(noRecord.json().detail).toMatch(/aucune fiche agent/);
  });

  it('answers 422 in French to bad input and 401 without a session', async () => {
    const owner = await registerCompany(t.app);
    const { phone } = await agentOnDuty(t.app, owner);
    const bad = [
      { intervalMinutes: 0 },
      { intervalMinutes: 241 },
      { intervalMinutes: 1.5 },
      { intervalMinutes: '30' },
      { position: { lat: 95, lng: 2, accuracy: 10 } },
      { position: { lat: 48, lng: 2 } },
      { position: 'ici' },
    ];
    for (const body of bad) {
      const res = await req(t.app, phone, 'POST', '/api/lone-worker/sessions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(french(res.body), res.body).toBe(true);
    }
    const first = (
      await req(t.app, phone, 'POST', '/api/lone-worker/sessions', { intervalMinutes: 0 })
    ).json();
    expect(first.detail[0].msg).toBe("L'intervalle doit être d'au moins 1 minute");

    const s = await startProtection(t.app, phone);
    const badPos = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {
      position: { lat: 10, lng: 200, accuracy: 5 },
    });
    expect(badPos.statusCode).toBe(422);
    expect(badPos.json().detail[0].msg).toBe('La longitude doit être comprise entre -180 et 180');
    expect(
      (await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/positions`, {})).statusCode,
    ).toBe(422);
    expect(
      (await req(t.app, phone, 'POST', '/api/lone-worker/sessions/pas-un-id/check-in', {})).statusCode,
    ).toBe(422);
    expect((await req(t.app, phone, 'GET', '/api/lone-worker/positions?limit=0')).statusCode).toBe(422);
    const cursor = await req(t.app, phone, 'GET', '/api/lone-worker/positions?cursor=Zm9yZ2Vk');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().detail[0].msg).toBe('Curseur de pagination invalide');

    for (const [method, url] of [
      ['POST', '/api/lone-worker/sessions'],
      ['GET', '/api/lone-worker/sessions/current'],
      ['POST', `/api/lone-worker/sessions/${s.id}/check-in`],
      ['POST', `/api/lone-worker/sessions/${s.id}/positions`],
      ['POST', `/api/lone-worker/sessions/${s.id}/stop`],
      ['GET', '/api/lone-worker/positions'],
    ] as const) {
      const res = await req(t.app, null, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("keeps another agent's and another company's protection out of reach (404), the control room's too (403)", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const { phone: aPhone } = await agentOnDuty(t.app, a);
    const { phone: colleague } = await agentOnDuty(t.app, a);
    const { phone: bPhone } = await agentOnDuty(t.app, b);
    const s = await startProtection(t.app, aPhone);
    for (const who of [colleague, bPhone]) {
      for (const action of ['check-in', 'positions', 'stop']) {
        const res = await req(
          t.app,
          who,
          'POST',
          `/api/lone-worker/sessions/${s.id}/${action}`,
          action === 'positions' ? { position: phonePosition } : {},
        );
        expect(res.statusCode, `${action}`).toBe(404);
        expect(res.json().detail).toBe('Protection travailleur isolé introuvable');
      }
    }
    const bAdmin = await req(t.app, b, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {});
    expect(bAdmin.statusCode).toBe(404);
    const aAdmin = await req(t.app, a, 'POST', `/api/lone-worker/sessions/${s.id}/check-in`, {});
    expect(aAdmin.statusCode).toBe(403);
    expect((await req(t.app, a, 'POST', `/api/lone-worker/sessions/${s.id}/stop`)).statusCode).toBe(403);
    // Still running, untouched.
    const cur = (await req(t.app, aPhone, 'GET', '/api/lone-worker/sessions/current')).json();
    expect(cur.session).toMatchObject({ id: s.id, lastCheckInAt: null, endedAt: null });
    // Each agent sees only their own positions.
    const mine = await req(t.app, colleague, 'GET', '/api/lone-worker/positions');
    expect(mine.json().every((p: { kind: string }) => p.kind === 'clock_in')).toBe(true);
    expect(mine.headers['x-total-count']).toBe('1');
  });

  it('closes the protection at the end of the shift; positions follow the 2-month retention', async () => {
    const owner = await registerCompany(t.app);
    const { phone, shift, agent } = await agentOnDuty(t.app, owner);
    const s = await startProtection(t.app, phone, { position: phonePosition });
    const out = await req(t.app, phone, 'POST', `/api/shifts/${shift.id}/clock-out`, onSite);
    expect(out.statusCode, out.body).toBe(200);
    // Before the pass: refused all the same, nothing recorded.
    const ping = await req(t.app, phone, 'POST', `/api/lone-worker/sessions/${s.id}/positions`, {
      position: phonePosition,
    });
    expect(ping.statusCode).toBe(409);
    expect(ping.json().detail).toBe("Votre service est terminé : la protection travailleur isolé s'arrête");
    const pass = await runLoneWorkerPass(t.db, new Date(Date.now() + 3600_000), 120_000);
    expect(pass.closed).toBeGreaterThanOrEqual(1);
    const ended = rowsOf<{ end_reason: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select end_reason from lone_worker_sessions where company_id = ${owner.company.id} and id = ${s.id}`,
        ),
      ),
    );
    expect(ended[0]?.end_reason).toBe('shift_end');
    const closedBy = rowsOf<{ name: string | null }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select details->>'name' as name from audit_log where company_id = ${owner.company.id} and action = 'lone_worker.ended' and entity_id = ${s.id}`,
        ),
      ),
    );
    expect(closedBy).toEqual([{ name: agent.name }]);
    // A protection of an ended shift raises no alert, however late.
    const later = await runLoneWorkerPass(t.db, new Date(Date.now() + 5 * 3600_000), 120_000);
    expect(later.raised).toBe(0);
    expect((await req(t.app, owner, 'GET', '/api/lone-worker/alerts')).json()).toEqual([]);

    // 61 days later: the positions (clock-in, lone worker, clock-out) and the ended protection are gone.
    const in61 = new Date(Date.now() + 61 * 86_400_000);
    expect(await purgeAgentPositions(t.db, in61)).toBeGreaterThanOrEqual(3);
    expect(await purgeLoneWorker(t.db, in61)).toBeGreaterThanOrEqual(1);
    const left = rowsOf<{ n: number }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select (select count(*)::int from agent_positions where company_id = ${owner.company.id}) + (select count(*)::int from lone_worker_sessions where company_id = ${owner.company.id}) as n`,
        ),
      ),
    );
    expect(left[0]?.n).toBe(0);
  });
});
