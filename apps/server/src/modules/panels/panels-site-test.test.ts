// A whole site in test (issue 32, « un panneau (ou son site) en test »): PUT /api/panels/sites/:id/test
// puts every panel of the site in test until a time, or takes them out; the receiver then
// acknowledges and journals their signals without raising anything, until the test ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import {
  addSite,
  alarmsOf,
  answerOf,
  givePrefix,
  panelFrame,
  seedPanel,
  signalsOf,
} from './ingest/test-support';
import { dialTcp, type TcpDialler } from './receiver/test-dialler';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe.each(engines)('a site in test on %s', (engine) => {
  let t: TestApp;
  let tcp: TcpDialler;
  beforeAll(async () => {
    t = await createTestApp(engine, { ALARM_RECEIVER_PORT: '0' });
    tcp = await dialTcp(t.app.panelReceiverPorts().tcp as number);
  });
  afterAll(async () => {
    await tcp?.close();
    await t?.close();
  });

  const putTest = (tenant: Tenant, siteId: string, payload: Record<string, unknown> | string) =>
    t.app.inject({ method: 'PUT', url: `/api/panels/sites/${siteId}/test`, headers: tenant.auth, payload });
  const panelsOf = async (tenant: Tenant) =>
    (await t.app.inject({ method: 'GET', url: '/api/panels', headers: tenant.auth })).json() as {
      id: string;
      inTest: boolean;
      testUntil: string | null;
    }[];

  it('puts every panel of the site in test and out again; their alarms raise nothing meanwhile', async () => {
    const owner = await registerCompany(t.app);
    const siteA = await addSite(t, owner, 'Site en travaux');
    const siteB = await addSite(t, owner, 'Site voisin');
    const prefix = await givePrefix(t, owner.company.id);
    const a1 = await seedPanel(t, owner, { siteId: siteA, name: 'Hall', account: '3101' });
    const a2 = await seedPanel(t, owner, { siteId: siteA, name: 'Quai', account: '3102' });
    const b1 = await seedPanel(t, owner, { siteId: siteB, name: 'Accueil', account: '3103' });
    const operator = await addUser(t.app, owner, 'operator');

    const until = inHours(2);
    const res = await putTest(operator, siteA, { testUntil: until });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteId: siteA, testUntil: new Date(until).toISOString(), panels: 2 });
    const inTest = new Map((await panelsOf(owner)).map((p) => [p.id, p.inTest]));
    expect([inTest.get(a1), inTest.get(a2), inTest.get(b1)]).toEqual([true, true, false]);

    // A burglary from the site in test: acknowledged, journaled « test », no alarm.
    tcp.send(panelFrame({ id: 'SIA-DCS', prefix, account: '3101', data: '#3101|Nri1/BA01' }));
    expect(answerOf(await tcp.nextAnswer(3000))?.id).toBe('ACK');
    expect((await signalsOf(t, owner.company.id, a1)).map((s) => s.outcome)).toEqual(['test']);
    expect(await alarmsOf(t, owner.company.id)).toHaveLength(0);

    const ended = await putTest(operator, siteA, { testUntil: null });
    expect(ended.json()).toEqual({ siteId: siteA, testUntil: null, panels: 2 });
    expect((await panelsOf(owner)).every((p) => !p.inTest)).toBe(true);
    // An alarm frame reads its panel afresh in its own transaction: out of test at once.
    tcp.send(panelFrame({ id: 'SIA-DCS', prefix, account: '3102', data: '#3102|Nri1/BA01' }));
    expect(answerOf(await tcp.nextAnswer(3000))?.id).toBe('ACK');
    expect(await alarmsOf(t, owner.company.id)).toHaveLength(1);

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?entity=panel',
      headers: owner.auth,
    });
    const entries = audit.json() as { action: string; entityId: string }[];
    expect(
      entries
        .filter((e) => e.action === 'panel.updated')
        .map((e) => e.entityId)
        .sort(),
    ).toEqual([a1, a1, a2, a2].sort());
  });

  it("refuses agents (403), another company's site (404) and a past or malformed end (422), changing nothing", async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const siteId = await addSite(t, owner);
    const otherSite = await addSite(t, other);
    await seedPanel(t, owner, { siteId, account: '4101' });
    const otherPanel = await seedPanel(t, other, { siteId: otherSite, account: '4101' });
    const agent = await addUser(t.app, owner, 'agent');

    const forbidden = await putTest(agent, siteId, { testUntil: inHours(1) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe(
      "Seuls les administrateurs et les opérateurs peuvent consulter et gérer les centrales d'alarme",
    );

    const foreign = await putTest(owner, otherSite, { testUntil: inHours(1) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Site introuvable');
    expect((await panelsOf(other)).find((p) => p.id === otherPanel)?.inTest).toBe(false);

    const past = await putTest(owner, siteId, { testUntil: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(422);
    expect(JSON.stringify(past.json())).toContain('La fin du mode test doit être dans le futur');
    for (const payload of [{ testUntil: 'demain' }, {}, { testUntil: 12 }, 'x']) {
      const bad = await putTest(owner, siteId, payload);
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
    }
    expect((await putTest(owner, 'pas-un-id', { testUntil: null })).statusCode).toBe(422);
    expect((await panelsOf(owner)).every((p) => !p.inTest)).toBe(true);
  });
});
