// The alarms' handling times of a period (issue 34): averages of the durations the alarms' files keep,
// overall, per site and per operator; a site filter, another company's site, roles and bad input. And
// the section « Temps de traitement des alarmes » of the generated reports (PDF read back with
// pdftotext and looked at as PNG, XLSX with exceljs): medians and 90th percentiles of alarms whose
// times are set to known instants.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkerOf } from '../../db/jobs';
import {
  addUser,
  asOwner,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { openXlsx, pdfPagePng, pdfPages, pdfText } from './test-documents';

const screenshots = join(import.meta.dirname, '../../../../../e2e/screenshots');

describe.each(engines)('alarm handling times on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let agent: Tenant;
  let other: Tenant;

  const call = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: tenant.auth, ...(payload ? { payload } : {}) });
  const addSite = async (tenant: Tenant, name: string) =>
    (await call(tenant, 'POST', '/api/sites', { name, address: `${name}, Lyon` })).json().id as string;
  const alarm = async (siteId: string, by = owner) =>
    (
      await call(by, 'POST', '/api/alarms', {
        siteId,
        title: 'Intrusion',
        description: 'Détecteur',
        location: 'Quai',
      })
    ).json().id as string;

  beforeAll(async () => {
    t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0', JOBS_RETRY_BASE_MS: '20' });
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

  describe('in the generated reports', () => {
    let timed: Tenant;
    let first: Tenant;
    let second: Tenant;
    let southId: string;
    const BASE = Date.parse('2026-10-14T08:00:00Z');
    const at = (seconds: number) => new Date(BASE + seconds * 1000).toISOString();

    /** An alarm handled by `who` through the API, its steps then moved to `steps` seconds after its reception. */
    async function handled(siteId: string, who: Tenant, steps: [number, number, number, number]) {
      const id = await alarm(siteId, timed);
      expect((await call(who, 'POST', `/api/alarms/${id}/shown`)).statusCode).toBeLessThan(300);
      expect((await call(who, 'POST', `/api/alarms/${id}/acknowledge`)).statusCode).toBe(200);
      const decided = await call(who, 'POST', `/api/alarms/${id}/file/entries`, {
        kind: 'decision',
        outcome: 'negative',
        reason: 'Levée de doute négative',
      });
      expect(decided.statusCode).toBeLessThan(300);
      expect((await call(who, 'POST', `/api/alarms/${id}/resolve`, { note: 'RAS' })).statusCode).toBe(200);
      const [shown, taken, decision, closed] = steps;
      // The file is append-only for the application: its instants are moved as the database's owner.
      await asOwner(
        t,
        sql`update alarms set triggered_at = ${at(0)}::timestamptz, acknowledged_at = ${at(taken)}::timestamptz,
                   resolved_at = ${at(closed)}::timestamptz where id = ${id}`,
      );
      await asOwner(
        t,
        sql`update alarm_file_entries set created_at = case kind when 'shown' then ${at(shown)}::timestamptz
                   when 'decision' then ${at(decision)}::timestamptz else ${at(closed)}::timestamptz end
             where alarm_id = ${id}`,
      );
      return id;
    }

    async function generate(payload: object) {
      const res = await call(timed, 'POST', '/api/reports/generate', {
        type: 'alarms',
        format: 'pdf',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        includeGraphs: false,
        ...payload,
      });
      expect(res.statusCode).toBe(202);
      const id = res.json().id as string;
      for (let i = 0; i < 200; i++) {
        await jobWorkerOf(t.db)?.runOnce();
        const r = (await call(timed, 'GET', `/api/reports/${id}`)).json();
        if (r.status === 'Échec') throw new Error('report failed');
        if (r.status === 'Prêt') return (await call(timed, 'GET', `/api/reports/${id}/download`)).rawPayload;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      throw new Error('report never settled');
    }

    /** exceljs reads a duration back as a Date counted from 30/12/1899: its seconds. */
    const secondsOf = (v: unknown) =>
      v instanceof Date ? Math.round((v.getTime() - Date.UTC(1899, 11, 30)) / 1000) : v;

    beforeAll(async () => {
      timed = await registerCompany(t.app, { subscription: 'enterprise', name: 'Veille Rhône' });
      first = await addUser(t.app, timed, 'operator');
      second = await addUser(t.app, timed, 'operator');
      const north = await addSite(timed, 'Entrepôt Nord');
      const south = await addSite(timed, 'Dépôt Sud');
      southId = south;
      // Seconds after reception: shown, taken in charge, decided, closed.
      await handled(north, first, [10, 30, 90, 150]);
      await handled(north, first, [20, 60, 180, 300]);
      await handled(south, second, [40, 125, 200, 605]);
      // Never shown nor taken: counted, with no delay.
      const waiting = await alarm(south, timed);
      await asOwner(t, sql`update alarms set triggered_at = ${at(30)}::timestamptz where id = ${waiting}`);
    }, 120_000);

    it('gives the medians and 90th percentiles from reception, overall, per site and per operator', async () => {
      const pdf = await generate({});
      const text = pdfText(pdf);
      expect(text).toContain('Temps de traitement des alarmes');
      expect(text).toContain('Présentation');
      expect(text).toContain('90e centile');
      // percentile_cont: the median of 10, 20 and 40 s is 20 s, their 90th percentile 20 + 0.8 × 20 = 36 s.
      const row = (...cells: string[]) => new RegExp(cells.map((c) => c.replace(/ /g, '\\s')).join('\\s+'));
      expect(text).toMatch(
        row(
          'Ensemble',
          'Toutes les alarmes',
          '4',
          '20 s',
          '36 s',
          '1 min 00 s',
          '1 min 52 s',
          '3 min 00 s',
          '3 min 16 s',
          '5 min 00 s',
          '9 min 04 s',
        ),
      );
      expect(text).toMatch(
        row(
          'Site',
          'Entrepôt Nord',
          '2',
          '15 s',
          '19 s',
          '45 s',
          '57 s',
          '2 min 15 s',
          '2 min 51 s',
          '3 min 45 s',
          '4 min 45 s',
        ),
      );
      expect(text).toMatch(
        row(
          'Site',
          'Dépôt Sud',
          '2',
          '40 s',
          '40 s',
          '2 min 05 s',
          '2 min 05 s',
          '3 min 20 s',
          '3 min 20 s',
          '10 min 05 s',
          '10 min 05 s',
        ),
      );
      expect(text).toMatch(
        row(
          'Opérateur',
          first.user.name,
          '2',
          '15 s',
          '19 s',
          '45 s',
          '57 s',
          '2 min 15 s',
          '2 min 51 s',
          '3 min 45 s',
          '4 min 45 s',
        ),
      );
      expect(text).toMatch(
        row(
          'Opérateur',
          second.user.name,
          '1',
          '40 s',
          '40 s',
          '2 min 05 s',
          '2 min 05 s',
          '3 min 20 s',
          '3 min 20 s',
          '10 min 05 s',
          '10 min 05 s',
        ),
      );
      expect(text).toMatch(
        row('Opérateur', 'Non prise en charge', '1', '—', '—', '—', '—', '—', '—', '—', '—'),
      );
      expect(text).toContain("Délais comptés depuis la réception de l'alarme");
      if (engine === 'pglite') {
        mkdirSync(screenshots, { recursive: true });
        pdfPagePng(pdf, join(screenshots, 'report-alarm-times.png'), pdfPages(pdf));
      }

      const wb = await openXlsx(await generate({ format: 'excel' }));
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Synthèse',
        'Alarmes',
        'Temps de traitement des alarmes',
      ]);
      const sheet = wb.getWorksheet('Temps de traitement des alarmes');
      const lines: unknown[][] = [];
      sheet?.eachRow((r) => {
        lines.push(Array.from({ length: 11 }, (_, i) => secondsOf(r.getCell(i + 1).value)));
      });
      expect(lines[0]).toEqual([
        'Regroupement',
        'Site ou opérateur',
        'Alarmes',
        'Présentation médiane',
        'Présentation 90e centile',
        'Prise en charge médiane',
        'Prise en charge 90e centile',
        'Décision médiane',
        'Décision 90e centile',
        'Clôture médiane',
        'Clôture 90e centile',
      ]);
      expect(lines.slice(1, 7)).toEqual([
        ['Ensemble', 'Toutes les alarmes', 4, 20, 36, 60, 112, 180, 196, 300, 544],
        ['Site', 'Dépôt Sud', 2, 40, 40, 125, 125, 200, 200, 605, 605],
        ['Site', 'Entrepôt Nord', 2, 15, 19, 45, 57, 135, 171, 225, 285],
        ['Opérateur', first.user.name, 2, 15, 19, 45, 57, 135, 171, 225, 285],
        ...[
          ['Opérateur', 'Non prise en charge', 1, null, null, null, null, null, null, null, null],
          ['Opérateur', second.user.name, 1, 40, 40, 125, 125, 200, 200, 605, 605],
        ].sort((a, b) => String(a[1]).localeCompare(String(b[1]), 'fr')),
      ]);
      expect(sheet?.getRow(2).getCell(4).numFmt).toBe('[h]:mm:ss');

      // A site's report keeps that site's alarms only.
      const onlySouth = pdfText(await generate({ siteId: southId }));
      expect(onlySouth).toMatch(row('Ensemble', 'Toutes les alarmes', '2', '40 s'));
      expect(onlySouth).not.toContain('Entrepôt Nord');
    });

    it('says « Aucune alarme traitée sur la période » for a period without alarms', async () => {
      const period = { startDate: '2026-09-01', endDate: '2026-09-30' };
      const text = pdfText(await generate({ ...period, type: 'security' }));
      expect(text).toContain('Temps de traitement des alarmes');
      expect(text).toContain('Aucune alarme traitée sur la période');
      expect(text).not.toContain("Délais comptés depuis la réception de l'alarme");
      const wb = await openXlsx(await generate({ ...period, format: 'excel', type: 'incidents' }));
      const sheet = wb.getWorksheet('Temps de traitement des alarmes');
      expect(sheet?.getRow(2).getCell(1).value).toBe('Aucune alarme traitée sur la période.');
      expect(sheet?.rowCount).toBe(2);
    });
  });
});
