// Report requests end to end on both engines: 202 and 'En attente', built by the queue off the
// request path, 'Prêt' with a real size and date, downloaded (PDF read back with pdftotext, XLSX
// with exceljs), deleted; a failure ends 'Échec' with its French reason; and the refusals.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobs, jobWorkerOf } from '../../db/jobs';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { FAILURE_REASON } from './generation/generate';
import { REPORT_JOB } from './generation/job-kind';
import { localDay } from './period';
import { openXlsx, pdfPagePng, pdfText } from './test-documents';
import { type Seeded, seedActivity } from './test-support';

const screenshots = join(import.meta.dirname, '../../../../../e2e/screenshots');

describe.each(engines)('reports (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  let seeded: Seeded;
  const tz = 'Europe/Paris';
  const today = localDay(new Date(), tz);
  const start = localDay(new Date(Date.now() - 12 * 86_400_000), tz);

  beforeAll(async () => {
    t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0', JOBS_RETRY_BASE_MS: '20' });
    owner = await registerCompany(t.app, { name: 'Gardiens du Nord' });
    other = await registerCompany(t.app);
    seeded = await seedActivity(t.app, t.db, owner);
  }, 120_000);
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: Tenant | null = owner,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload ? { payload: payload as object } : {}),
    });

  async function settle(id: string, who = owner) {
    for (let i = 0; i < 200; i++) {
      await jobWorkerOf(t.db)?.runOnce();
      const r = (await call('GET', `/api/reports/${id}`, who)).json();
      if (r.status === 'Prêt' || r.status === 'Échec') return r;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('report never settled');
  }

  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'security',
    format: 'pdf',
    startDate: start,
    endDate: today,
    includeGraphs: true,
    ...extra,
  });

  it('generates a PDF off the request path: 202, En attente, then Prêt, and downloads it', async () => {
    const res = await call('POST', '/api/reports/generate', owner, body());
    expect(res.statusCode).toBe(202);
    const queued = res.json();
    expect(queued).toMatchObject({
      status: 'En attente',
      type: 'security',
      format: 'pdf',
      site: 'Tous les sites',
      size: null,
    });
    expect(queued.title).toContain('Rapport de sécurité');
    const ready = await settle(queued.id);
    expect(ready.status).toBe('Prêt');
    expect(ready.sizeBytes).toBeGreaterThan(2000);
    expect(ready.size).toMatch(/(Ko|Mo)$/);
    expect(Date.parse(ready.generatedDate)).toBeGreaterThan(Date.parse(ready.createdAt) - 1);

    const file = await call('GET', `/api/reports/${queued.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="rapport-security-.*\.pdf"/);
    expect(file.rawPayload.length).toBe(ready.sizeBytes);
    const text = pdfText(file.rawPayload);
    if (process.env.REPORTS_DEBUG) (await import('node:fs')).writeFileSync('/tmp/r.pdf', file.rawPayload);
    const stats = (
      await call('GET', `/api/reports/statistics?period=custom&startDate=${start}&endDate=${today}`)
    ).json();
    expect(text).toContain('Gardiens du Nord');
    expect(text).toContain('Rapport de sécurité');
    expect(text).toContain('Synthèse de la période');
    expect(text).toMatch(new RegExp(`Incidents\\s[\\s\\S]*${stats.totalIncidents}`));
    expect(text).toContain(`${String(stats.avgResponseTime).replace('.', ',')} min`);
    expect(text).toContain('Alarmes par jour et par gravité');
    expect(text).toContain('Accès refusés');
    expect(text).toContain('Disponibilité des caméras');
    expect(text).toContain('Caméra quai');
    expect(text).toContain('Alarme acquittée');
    expect(text).toContain('Présences');
    mkdirSync(screenshots, { recursive: true });
    if (engine === 'pglite') {
      pdfPagePng(file.rawPayload, join(screenshots, 'report-pdf-page1.png'), 1);
      pdfPagePng(file.rawPayload, join(screenshots, 'report-pdf-page2.png'), 2);
    }

    // The requester is told.
    const bell = (await call('GET', '/api/notifications')).json();
    expect(bell.some((n: { title: string }) => n.title === 'Rapport prêt')).toBe(true);
  });

  it('builds the Excel report: a summary sheet and one sheet per table, typed and escaped', async () => {
    const queued = (
      await call(
        'POST',
        '/api/reports/generate',
        owner,
        body({ format: 'excel', type: 'alarms', siteId: seeded.siteIds[1] }),
      )
    ).json();
    expect(queued.site).toBe('Siège =Paris');
    const ready = await settle(queued.id);
    expect(ready.status).toBe('Prêt');
    const file = await call('GET', `/api/reports/${queued.id}/download`);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    if (process.env.REPORTS_DEBUG) (await import('node:fs')).writeFileSync('/tmp/r.xlsx', file.rawPayload);
    const wb = await openXlsx(file.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Synthèse',
      'Alarmes',
      'Temps de traitement des alarmes',
    ]);
    const summary = wb.getWorksheet('Synthèse');
    const cells = new Map<string, unknown>();
    summary?.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2).value));
    const stats = (
      await call(
        'GET',
        `/api/reports/statistics?period=custom&startDate=${start}&endDate=${today}&siteId=${seeded.siteIds[1]}`,
      )
    ).json();
    expect(cells.get('Incidents (alarmes)')).toBe(stats.totalIncidents);
    expect(cells.get('Accès refusés')).toBe(stats.unauthorizedAttempts);
    expect(cells.get('Site')).toBe("'Siège =Paris".replace("'", '')); // not a formula start: kept
    const alarms = wb.getWorksheet('Alarmes');
    expect(alarms?.rowCount).toBe(stats.totalIncidents + 1);
    const first = alarms?.getRow(2);
    expect(first?.getCell(1).value).toBeInstanceOf(Date);
    expect(first?.getCell(3).value).toMatch(/^'=Intrusion/); // formula injection escaped
    // exceljs reads a duration back as a Date counted from its epoch (30/12/1899): minutes, typed.
    const answered = [...Array(alarms?.rowCount ?? 0).keys()]
      .slice(2)
      .map((i) => alarms?.getRow(i).getCell(7))
      .find((c) => c?.value instanceof Date);
    expect(answered?.numFmt).toBe('[h]:mm:ss');
    expect((answered?.value as Date | undefined)?.getUTCFullYear()).toBe(1899);
    expect(alarms?.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('lists newest first with the spec fields, paginates, reads one, deletes one', async () => {
    const list = await call('GET', '/api/reports?limit=1');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.headers.link).toContain('cursor=');
    const [newest] = list.json();
    expect(Object.keys(newest)).toEqual(
      expect.arrayContaining(['id', 'title', 'type', 'period', 'site', 'size', 'status', 'generatedDate']),
    );
    expect(newest.type).toBe('alarms');
    const next = await call('GET', list.headers.link?.toString().match(/<([^>]+)>/)?.[1] ?? '');
    expect(next.json()[0].type).toBe('security');
    expect((await call('GET', '/api/reports?status=Prêt')).json()).toHaveLength(2);
    expect((await call('DELETE', `/api/reports/${newest.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/reports/${newest.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reports/${newest.id}`)).statusCode).toBe(404);
  });

  it('marks a report that cannot be built Échec with a French reason after its last attempt', async () => {
    const c = owner.company.id;
    const id = await t.db.withTenant(c, async (tx) => {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into reports (company_id, type, format, title, start_date, end_date, requested_by_name, timezone)
          values (${c}, 'alarms', 'pdf', 'Rapport cassé', '2026-01-01', '2026-01-02', 'Test', 'Nowhere/Atlantis') returning id`),
      );
      await enqueueJobs(tx, [{ kind: REPORT_JOB, payload: { reportId: row?.id }, maxAttempts: 2 }]);
      return row?.id as string;
    });
    const failed = await settle(id);
    expect(failed).toMatchObject({ status: 'Échec', failureReason: FAILURE_REASON });
    const download = await call('GET', `/api/reports/${id}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.json().detail).toBe("Le fichier du rapport n'est pas encore prêt");
  });

  it('refuses bad input in French and changes nothing', async () => {
    const before = (await call('GET', '/api/reports')).headers['x-total-count'];
    const cases: [Record<string, unknown>, string][] = [
      [body({ type: 'weather' }), 'Type de rapport invalide'],
      [body({ format: 'word' }), 'Format invalide (pdf ou excel)'],
      [body({ startDate: '2026-02-30' }), "n'est pas une date valide"],
      [body({ endDate: undefined }), 'La date de fin est obligatoire'],
      [body({ startDate: today, endDate: start }), 'postérieure'],
      [body({ startDate: '2020-01-01', endDate: '2026-01-01' }), '400 jours'],
      [body({ includeGraphs: 'oui' }), 'vrai ou faux'],
      [body({ siteId: 'x'.repeat(5000) }), 'Identifiant invalide'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/reports/generate', owner, payload);
      expect(res.statusCode, message).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const foreignSite = await call(
      'POST',
      '/api/reports/generate',
      other,
      body({ siteId: seeded.siteIds[0] }),
    );
    expect(foreignSite.statusCode).toBe(404);
    expect((await call('GET', '/api/reports')).headers['x-total-count']).toBe(before);
    expect((await call('GET', '/api/reports?cursor=forged')).statusCode).toBe(422);
    expect((await call('GET', '/api/reports/not-an-id')).statusCode).toBe(422);
  });

  it("hides a company's reports from another company, from agents and from anonymous callers", async () => {
    const [mine] = (await call('GET', '/api/reports')).json();
    for (const url of [`/api/reports/${mine.id}`, `/api/reports/${mine.id}/download`]) {
      expect((await call('GET', url, other)).statusCode).toBe(404);
      expect((await call('GET', url, null)).statusCode).toBe(401);
    }
    expect((await call('DELETE', `/api/reports/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/reports', other)).json()).toEqual([]);
    expect((await call('POST', '/api/reports/generate', null, body())).statusCode).toBe(401);
    const agent = await addUser(t.app, owner, 'agent');
    for (const [method, url] of [
      ['GET', '/api/reports'],
      ['GET', `/api/reports/${mine.id}`],
      ['GET', `/api/reports/${mine.id}/download`],
      ['DELETE', `/api/reports/${mine.id}`],
    ] as const) {
      const res = await call(method, url, agent);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain('administrateurs et les opérateurs');
    }
    expect((await call('POST', '/api/reports/generate', agent, body())).statusCode).toBe(403);
    const operator = await addUser(t.app, owner, 'operator');
    expect(
      (await call('POST', '/api/reports/generate', operator, body({ type: 'cameras', format: 'excel' })))
        .statusCode,
    ).toBe(202);
  });
});
