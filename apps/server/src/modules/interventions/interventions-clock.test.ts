// The interventions' clock, run by hand with a controlled time (as lone-worker.jobs' tests do): a
// proposal not accepted within the site's acceptSeconds passes to the next nearest free agent not
// yet asked, the control room warned; with no one left it comes back refused; an agent not on site
// within arriveMinutes raises a warning, then an alert at 1.5 times. And « sur place » by a scanned
// checkpoint of the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { createTour } from '../guard-tours/test-support';
import { runInterventionsPass } from './interventions.jobs';
import { agentOnDuty, createAlarm, locate, north, propose, req } from './test-support';

const kinds = (steps: { kind: string }[]) => steps.map((s) => s.kind);

describe.each(engines)('interventions clock on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes an unanswered proposal to the next nearest agent, then back to the control room', async () => {
    const owner = await registerCompany(t.app);
    const first = await agentOnDuty(t.app, owner, 'Hugo Premier');
    const second = await agentOnDuty(t.app, owner, 'Inès Deuxième');
    const third = await agentOnDuty(t.app, owner, 'Jules Troisième');
    await locate(t.app, first, north(100));
    await locate(t.app, second, north(2000));
    await locate(t.app, third, north(9000));
    // The third is busy elsewhere: never asked.
    const other = await propose(t.app, owner, { siteId: third.site.id, agentId: third.agent.id });
    expect(
      (await req(t.app, third.phone, 'POST', `/api/interventions/${other.id}/accept`, {})).statusCode,
    ).toBe(200);

    const alarm = await createAlarm(t.app, owner, first.site.id, { severity: 'high' });
    const i = await propose(t.app, owner, { alarmId: alarm.id, agentId: first.agent.id });
    expect(i.acceptSeconds).toBe(120);
    const proposedAt = Date.now();

    // Not yet due: nothing moves.
    await runInterventionsPass(t.db, new Date(proposedAt + 60_000));
    expect((await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json().agentId).toBe(
      first.agent.id,
    );

    await runInterventionsPass(t.db, new Date(proposedAt + 125_000));
    const moved = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json();
    expect(moved).toMatchObject({ state: 'proposed', agentId: second.agent.id });
    expect(kinds(moved.steps)).toEqual(['proposed', 'accept_timeout', 'proposed']);
    expect(moved.steps[2].details).toMatchObject({ automatic: true, previousAgentName: 'Hugo Premier' });
    // The first agent lost it, the second's phone rang, the control room was warned.
    expect((await req(t.app, first.phone, 'GET', `/api/interventions/${i.id}`)).statusCode).toBe(404);
    expect((await req(t.app, first.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).statusCode).toBe(
      404,
    );
    const rang = (await req(t.app, second.phone, 'GET', '/api/notifications')).json();
    expect(rang.some((n: { kind: string }) => n.kind === 'intervention.proposed')).toBe(true);
    const warned = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    expect(
      warned.some(
        (n: { kind: string; body: string }) =>
          n.kind === 'intervention.reassigned' && n.body.includes('Inès Deuxième'),
      ),
    ).toBe(true);

    // The second does not answer either; no free agent is left (first asked, third busy).
    const again = Date.parse(moved.acceptDueAt);
    await runInterventionsPass(t.db, new Date(again + 1000));
    const back = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json();
    expect(back.state).toBe('refused');
    expect(back.refusalReason).toMatch(/aucun autre agent/);
    expect(kinds(back.steps)).toEqual([
      'proposed',
      'accept_timeout',
      'proposed',
      'accept_timeout',
      'refused',
    ]);
    const critical = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    expect(critical.some((n: { kind: string }) => n.kind === 'intervention.unanswered')).toBe(true);
    // A second pass finds nothing more to do.
    expect((await runInterventionsPass(t.db, new Date(again + 60_000))).reproposed).toBe(0);
  });

  it('warns at the arrival target and alerts at 1.5 times it, until the agent is on site', async () => {
    const owner = await registerCompany(t.app);
    const d = await agentOnDuty(t.app, owner);
    const alarm = await createAlarm(t.app, owner, d.site.id, { severity: 'critical' });
    const i = await propose(t.app, owner, { alarmId: alarm.id, agentId: d.agent.id });
    const acc = (await req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/accept`, {})).json();
    const acceptedAt = Date.parse(acc.acceptedAt);
    expect(acc.arriveMinutes).toBe(15);

    await runInterventionsPass(t.db, new Date(acceptedAt + 14 * 60_000));
    expect((await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json().late).toBeNull();
    await runInterventionsPass(t.db, new Date(acceptedAt + 15 * 60_000 + 1000));
    await runInterventionsPass(t.db, new Date(acceptedAt + 16 * 60_000));
    const warned = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json();
    expect(kinds(warned.steps)).toEqual(['proposed', 'accepted', 'arrive_warning']);
    await runInterventionsPass(t.db, new Date(acceptedAt + 22.5 * 60_000 + 1000));
    const alerted = (await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json();
    expect(kinds(alerted.steps)).toEqual(['proposed', 'accepted', 'arrive_warning', 'arrive_alert']);
    const bell = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    expect(
      bell.some(
        (n: { kind: string; severity: string }) =>
          n.kind === 'intervention.late_alert' && n.severity === 'critical',
      ),
    ).toBe(true);
    // Told once each: a later pass adds nothing (other tests' interventions may still be late).
    await runInterventionsPass(t.db, new Date(acceptedAt + 60 * 60_000));
    expect((await req(t.app, owner, 'GET', `/api/interventions/${i.id}`)).json().steps).toHaveLength(4);
  });

  it('confirms « sur place » by a checkpoint of the site scanned since accepting', async () => {
    const owner = await registerCompany(t.app);
    const d = await agentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, {
      siteId: d.site.id,
      name: 'Ronde du site',
      expectedMinutes: 30,
      orderMode: 'fixed',
      checkpoints: [{ name: 'Portail', kind: 'qr' }],
    });
    const i = await propose(t.app, owner, { siteId: d.site.id, agentId: d.agent.id });
    await req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/accept`, {});
    const none = await req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/on-site`, {
      checkpoint: true,
    });
    expect(none.statusCode).toBe(409);
    const round = (await req(t.app, d.phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const scan = await req(t.app, d.phone, 'POST', `/api/rounds/${round.id}/scans`, {
      code: tour.checkpoints[0]?.code,
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const there = await req(t.app, d.phone, 'POST', `/api/interventions/${i.id}/on-site`, {
      checkpoint: true,
    });
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json()).toMatchObject({ state: 'on_site', onSiteBy: 'checkpoint' });
  });
});
