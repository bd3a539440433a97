// The alarms' handling times of a period (issue 34): averages of the durations the alarms' files keep,
// overall, per site and per operator; a site filter, another company's site, roles and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

describe.each(engines)('alarm handling times on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let agent: Tenant;
  let other: Tenant;

  const call = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: tenant.auth, ...(payload ? { payload } : {}) });
  const addSite = async (tenant: Tenant, name: string) =>
    (await call(tenant, 'POST', '/api/sites', { name, address: `${name}, Lyon` })).json().id as string;
  const alarm = async (siteId: string) =>
    (
      await call(owner, 'POST', '/api/alarms', {
        siteId,
        title: 'Intrusion',
        description: 'Détecteur',
        location: 'Quai',
      })
    ).json().id as string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { subscription: 'enterprise' });
    operator = await addUser(t.app, owner, 'operator');
    agent = await addUser(t.app, owner, 'agent');
    other = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('averages the times of the period overall, per site and per operator', async () => {
    const north = await addSite(owner, 'Entrepôt Nord');
    const south = await addSite(owner, 'Dépôt Sud');
    const handled = await alarm(north);
    await call(operator, 'POST', `/api/alarms/${handled}/shown`);
    await call(operator, 'POST', `/api/alarms/${handled}/acknowledge`);
    await call(operator, 'POST', `/api/alarms/${handled}/file/entries`, {
      kind: 'decision',
      outcome: 'negative',
      reason: 'Chat',
    });
    expect((await call(operator, 'POST', `/api/alarms/${handled}/resolve`, { note: 'RAS' })).statusCode).toBe(
      200,
    );
    await alarm(south);

    const res = await call(owner, 'GET', '/api/reports/alarm-times?period=week');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.overall).toMatchObject({ label: 'Toutes les alarmes', alarms: 2 });
    for (const k of [
      'receivedToShown',
      'receivedToTaken',
      'takenToDecision',
      'decisionToClosed',
      'receivedToClosed',
    ])
      expect(body.overall[k], k).toBeGreaterThanOrEqual(0);
    expect(body.bySite).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Entrepôt Nord', siteId: north, alarms: 1 }),
        expect.objectContaining({ label: 'Dépôt Sud', siteId: south, alarms: 1, receivedToTaken: null }),
      ]),
    );
    expect(body.byOperator).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: operator.user.name,
          alarms: 1,
          takenToDecision: expect.any(Number),
        }),
        expect.objectContaining({ label: 'Non prise en charge', alarms: 1, receivedToClosed: null }),
      ]),
    );

    const onlySouth = (
      await call(operator, 'GET', `/api/reports/alarm-times?period=week&siteId=${south}`)
    ).json();
    expect(onlySouth.overall.alarms).toBe(1);
    expect(onlySouth.bySite.map((r: { siteId: string }) => r.siteId)).toEqual([south]);
  });

  it("refuses agents (403), another company's site (404) and a bad period (422)", async () => {
    expect((await call(agent, 'GET', '/api/reports/alarm-times')).statusCode).toBe(403);
    const theirs = await addSite(other, 'Ailleurs');
    const foreign = await call(owner, 'GET', `/api/reports/alarm-times?siteId=${theirs}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Site introuvable');
    const bad = await call(owner, 'GET', '/api/reports/alarm-times?period=siecle');
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().detail)).toContain('Période invalide');
    const empty = (await call(other, 'GET', '/api/reports/alarm-times')).json();
    expect(empty.overall).toMatchObject({ alarms: 0, receivedToTaken: null });
  });
});
