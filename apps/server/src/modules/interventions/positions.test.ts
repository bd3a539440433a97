// The agents' positions on duty: recorded only while clocked in and with the agent's own consent
// (given and withdrawn by him, audited), at most one every 5 s, bounded; read only by the control
// room (an agent never sees another's track); purged with the positions' retention.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { purgeAgentPositions } from '../planning/planning.jobs';
import { createAgent } from '../planning/test-support';
import { purgeInterventionPositions } from './interventions.jobs';
import { agentOnDuty, french, locate, north, positionsCount, propose, req } from './test-support';

describe.each(engines)('positions on duty on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records positions only on duty and with consent, at most one every 5 s', async () => {
    const owner = await registerCompany(t.app);
    // Off duty: an agent with an account and no service in progress.
    const idle = await addUser(t.app, owner, 'agent');
    await createAgent(t.app, owner, { userId: idle.user.id });
    expect(
      (await req(t.app, idle, 'PUT', '/api/agent/location-consent', { consented: true })).statusCode,
    ).toBe(200);
    const off = await req(t.app, idle, 'POST', '/api/agent/positions', north(10));
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe("Vous n'êtes pas en service : votre position n'est pas enregistrée");
    expect((await req(t.app, idle, 'GET', '/api/agent/location-consent')).json()).toMatchObject({
      consented: true,
      onDuty: false,
    });

    const d = await agentOnDuty(t.app, owner);
    const before = await positionsCount(t, owner.company.id, d.agent.id);
    const noConsent = await req(t.app, d.phone, 'POST', '/api/agent/positions', north(10));
    expect(noConsent.statusCode).toBe(409);
    expect(noConsent.json().detail).toMatch(/pas accepté la localisation/);
    expect((await req(t.app, d.phone, 'GET', '/api/agent/location-consent')).json()).toEqual({
      consented: false,
      changedAt: null,
      onDuty: true,
    });

    // Moved since the clock-in (about 10 m north of the Concorde): the usual pace.
    const first = await locate(t.app, d, north(300));
    expect(first.nextInSeconds).toBe(30);
    const tooSoon = await req(t.app, d.phone, 'POST', '/api/agent/positions', north(302));
    expect(tooSoon.statusCode).toBe(429);
    expect(french(tooSoon.body)).toBe(true);
    expect(await positionsCount(t, owner.company.id, d.agent.id)).toBe(before + 1);
    // Still (moved < 20 m): the phone may wait longer.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(sql`update agent_positions set recorded_at = recorded_at - interval '10 seconds'
        where company_id = ${owner.company.id} and agent_id = ${d.agent.id}`),
    );
    const still = await req(t.app, d.phone, 'POST', '/api/agent/positions', north(305));
    expect(still.statusCode, still.body).toBe(201);
    expect(still.json().nextInSeconds).toBe(120);

    // Bounded input.
    for (const bad of [
      { lat: 91, lng: 2, accuracy: 5 },
      { lat: 48, lng: 200, accuracy: 5 },
      { lat: 48, lng: 2, accuracy: 900 },
      { lat: '48', lng: 2, accuracy: 5 },
      {},
    ]) {
      const res = await req(t.app, d.phone, 'POST', '/api/agent/positions', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(french(res.body)).toBe(true);
    }
    // The control room does not send positions for an agent.
    expect((await req(t.app, owner, 'POST', '/api/agent/positions', north(10))).statusCode).toBe(403);
    expect(
      (await req(t.app, owner, 'PUT', '/api/agent/location-consent', { consented: true })).statusCode,
    ).toBe(403);
    expect(
      (await req(t.app, d.phone, 'PUT', '/api/agent/location-consent', { consented: 'oui' })).statusCode,
    ).toBe(422);

    // Withdrawn: nothing more is recorded; both changes are in the audit log.
    const withdrawn = await req(t.app, d.phone, 'PUT', '/api/agent/location-consent', { consented: false });
    expect(withdrawn.json()).toMatchObject({ consented: false, onDuty: true });
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(sql`update agent_positions set recorded_at = recorded_at - interval '1 minute'
        where company_id = ${owner.company.id} and agent_id = ${d.agent.id}`),
    );
    expect((await req(t.app, d.phone, 'POST', '/api/agent/positions', north(10))).statusCode).toBe(409);
    const audit = rowsOf<{ action: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select action from audit_log where company_id = ${owner.company.id}
          and entity = 'location_consent' and entity_id = ${d.agent.id} order by created_at`),
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['location_consent.given', 'location_consent.withdrawn']);
  });

  it('shows the track to the control room only, never to another agent; purges with the retention', async () => {
    const owner = await registerCompany(t.app);
    const a = await agentOnDuty(t.app, owner);
    const b = await agentOnDuty(t.app, owner);
    const i = await propose(t.app, owner, { siteId: a.site.id, agentId: a.agent.id });
    expect((await req(t.app, a.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode).toBe(200);
    await locate(t.app, a, north(500));

    const seen = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json();
    expect(seen.track).toHaveLength(1);
    expect(seen.track[0].lat).toBeCloseTo(north(500).lat, 6);
    // The agent reads his own intervention without the track, another agent not at all.
    expect((await req(t.app, a.phone, 'GET', `/api/interventions/${i.id}`)).json().track).toEqual([]);
    expect((await req(t.app, b.phone, 'GET', `/api/interventions/${i.id}`)).statusCode).toBe(404);
    expect((await req(t.app, b.phone, 'GET', '/api/interventions?state=running')).json()).toEqual([]);
    expect(
      (await req(t.app, b.phone, 'GET', `/api/interventions/candidates?siteId=${a.site.id}`)).statusCode,
    ).toBe(403);

    // Two months and a day later, the positions go (planning's purge, every kind) and the steps
    // keep no place.
    await req(t.app, a.phone, 'POST', `/api/interventions/${i.id}/en-route`, { position: north(400) });
    const later = new Date(Date.now() + 61 * 86_400_000);
    await purgeAgentPositions(t.db, later);
    await purgeInterventionPositions(t.db, later);
    expect(await positionsCount(t, owner.company.id, a.agent.id)).toBe(0);
    // The kept last position goes with them: the candidates know no place for the agent any more.
    const kept = rowsOf<{ n: number }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select count(*)::int as n from agent_last_positions where company_id = ${owner.company.id}`,
        ),
      ),
    );
    expect(Number(kept[0]?.n)).toBe(0);
    const ranked = (
      await req(t.app, owner, 'GET', `/api/interventions/candidates?siteId=${a.site.id}`)
    ).json();
    expect(ranked.find((c: { agentId: string }) => c.agentId === a.agent.id)).toMatchObject({
      distanceM: null,
      positionSource: null,
    });
    const steps = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json().steps;
    expect(steps.every((s: { position: unknown }) => s.position === null)).toBe(true);
  });
});
