// Reports in the requester's language (issue 35), on both engines: a PDF asked by an English user
// and one by a Spanish user read back with pdftotext (their headings in that language, no French
// heading left, the CNAPS mention in French beside its translation), a Spanish spreadsheet's
// sheets and labels, and a schedule's own language (English here, whatever its creator's).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkerOf } from '../../db/jobs';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { localDay } from './period';
import { runDueSchedules } from './schedules.service';
import { openXlsx, pdfPagePng, pdfText } from './test-documents';
import { seedActivity } from './test-support';

const screenshots = join(import.meta.dirname, '../../../../../e2e/screenshots');
const CNAPS = 'AUT-075-2030-05-12-12345678901';

/** French headings of the documents: none may be left in another language's. */
const frenchHeadings = [
  'Synthèse de la période',
  'Alarmes par jour et par gravité',
  'Temps de réponse moyen et accès refusés',
  'Temps de traitement des alarmes',
  'Disponibilité des caméras',
  'Présences',
  'Généré le',
  'Période :',
  'Heures exprimées',
  'Tous les sites',
  'Déclenchée le',
  'Chronologie',
];

describe.each(engines)('reports in the requester’s language (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  const tz = 'Europe/Paris';
  const today = localDay(new Date(), tz);
  const start = localDay(new Date(Date.now() - 12 * 86_400_000), tz);

  beforeAll(async () => {
    t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0', JOBS_RETRY_BASE_MS: '20' });
    owner = await registerCompany(t.app, { name: 'Gardiens du Nord' });
    await seedActivity(t.app, t.db, owner);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/identity',
      headers: owner.auth,
      payload: {
        legalName: 'Gardiens du Nord SAS',
        address: '1 rue du Port, Lille',
        cnapsAuthorisation: CNAPS,
      },
    });
    expect(put.statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Tenant, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload: payload as object } : {}) });

  async function speaking(language: 'en' | 'es') {
    const user = await addUser(t.app, owner, 'operator');
    const res = await call('PATCH', '/api/me/profile', user, { language, phone: null });
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  async function built(id: string, who: Tenant) {
    for (let i = 0; i < 200; i++) {
      await jobWorkerOf(t.db)?.runOnce();
      const r = (await call('GET', `/api/reports/${id}`, who)).json();
      if (r.status === 'Prêt' || r.status === 'Échec') {
        expect(r.status).toBe('Prêt');
        return (await call('GET', `/api/reports/${id}/download`, who)).rawPayload;
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('report never settled');
  }

  async function generated(who: Tenant, extra: Record<string, unknown> = {}) {
    const payload = { type: 'security', format: 'pdf', startDate: start, endDate: today, ...extra };
    const res = await call('POST', '/api/reports/generate', who, payload);
    expect(res.statusCode).toBe(202);
    return built(res.json().id, who);
  }

  const noFrenchHeading = (text: string) =>
    expect(frenchHeadings.filter((h) => text.includes(h))).toEqual([]);

  it('writes an English user’s PDF in English, the CNAPS mention in French beside it', async () => {
    const pdf = await generated(await speaking('en'));
    const text = pdfText(pdf);
    for (const heading of [
      'Security report for',
      'Period:',
      'Site: All sites',
      'Generated on',
      'Summary of the period',
      'Resolved incidents',
      'Alarms per day and by severity',
      'Average response time and denied access',
      'Alarm handling times',
      'Camera availability',
      'Attendance',
      'Triggered on',
      'Timeline',
    ])
      expect(text, heading).toContain(heading);
    expect(text).toContain(`Autorisation CNAPS ${CNAPS} (CNAPS authorisation)`);
    expect(text).toMatch(/page 2/);
    noFrenchHeading(text);
    mkdirSync(screenshots, { recursive: true });
    if (engine === 'pglite') {
      pdfPagePng(pdf, join(screenshots, 'report-pdf-en-page1.png'), 1);
      pdfPagePng(pdf, join(screenshots, 'report-pdf-en-page2.png'), 2);
    }
  });

  it('writes a Spanish user’s PDF and spreadsheet in Spanish', async () => {
    const user = await speaking('es');
    const text = pdfText(await generated(user));
    for (const heading of [
      'Informe de seguridad del',
      'Periodo:',
      'Sitio: Todos los sitios',
      'Generado el',
      'Resumen del periodo',
      'Alarmas por día y por gravedad',
      'Tiempos de gestión de alarmas',
      'Asistencia',
      'página 2',
    ])
      expect(text, heading).toContain(heading);
    expect(text).toContain(`Autorisation CNAPS ${CNAPS} (Autorización CNAPS)`);
    noFrenchHeading(text);
    if (engine === 'pglite')
      pdfPagePng(await generated(user), join(screenshots, 'report-pdf-es-page2.png'), 2);

    const wb = await openXlsx(await generated(user, { format: 'excel', type: 'alarms' }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Alarmas', 'Tiempos de gestión de alarmas']);
    const labels: string[] = [];
    wb.getWorksheet('Resumen')?.eachRow((row) => labels.push(String(row.getCell(1).value)));
    expect(labels).toEqual(expect.arrayContaining(['Periodo', 'Generado el', 'Solicitado por', 'Indicador']));
    expect(labels.join('|')).not.toMatch(/Période|Généré|Indicateur/);
  });

  it('keeps French for a French user and writes a schedule’s reports in the schedule’s language', async () => {
    const french = pdfText(await generated(owner, { type: 'alarms' }));
    expect(french).toContain('Temps de traitement des alarmes');
    expect(french).toContain(`Autorisation CNAPS ${CNAPS}`);
    expect(french).not.toContain('CNAPS authorisation');

    const bad = await call('POST', '/api/reports/schedules', owner, {
      type: 'alarms',
      format: 'pdf',
      frequency: 'weekly',
      recipients: ['client@exemple.fr'],
      language: 'de',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Langue invalide (fr, en ou es)');
    // The owner reads French; the schedule's client reads English.
    const created = await call('POST', '/api/reports/schedules', owner, {
      type: 'alarms',
      format: 'pdf',
      frequency: 'weekly',
      recipients: ['client@exemple.fr'],
      language: 'en',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().language).toBe('en');
    const runAt = new Date(new Date(created.json().nextRunAt).getTime() + 60_000);
    expect(await runDueSchedules(t.db, runAt)).toBe(1);
    const [report] = (await call('GET', '/api/reports', owner)).json();
    expect(report.requestedBy).toContain('(planifié)'); // the list stays in its reader's words
    const text = pdfText(await built(report.id, owner));
    expect(text).toContain('Alarm report for');
    expect(text).toContain('(scheduled)');
    expect(text).toContain('Alarm handling times');
    noFrenchHeading(text);
  });
});
