// The main courante report (a site's register for a period, its corrections under each entry, system
// entries marked, photos as thumbnails, the chain check at the end) and the rounds of the attendance
// report, on both engines: PDF read back with pdftotext, pages looked at as PNG, XLSX with exceljs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkerOf } from '../../db/jobs';
import {
  asOwner,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { runGuardTourPass } from '../guard-tours/guard-tours.jobs';
import { createTour, req, siteWithAgentOnDuty, tourBody } from '../guard-tours/test-support';
import { copySystemEvents } from '../logbook/system-entries.service';
import { createSite } from '../planning/test-support';
import { localDay } from './period';
import { openXlsx, pdfPagePng, pdfPages, pdfText } from './test-documents';

const screenshots = join(import.meta.dirname, '../../../../../e2e/screenshots');

describe.each(engines)('main courante and rounds in reports (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  const today = localDay(new Date(), 'Europe/Paris');
  const yesterday = localDay(new Date(Date.now() - 86_400_000), 'Europe/Paris');

  beforeAll(async () => {
    t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0', JOBS_RETRY_BASE_MS: '20' });
    owner = await registerCompany(t.app, { name: 'Gardiens du Nord' });
  }, 120_000);
  afterAll(() => t?.close());

  async function generate(payload: Record<string, unknown>, who = owner) {
    const res = await req(t.app, who, 'POST', '/api/reports/generate', {
      format: 'pdf',
      startDate: yesterday,
      endDate: today,
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as string;
    for (let i = 0; i < 200; i++) {
      await jobWorkerOf(t.db)?.runOnce();
      const r = (await req(t.app, who, 'GET', `/api/reports/${id}`)).json();
      if (r.status === 'Échec') throw new Error(`report failed: ${r.failureReason}`);
      if (r.status === 'Prêt')
        return (await req(t.app, who, 'GET', `/api/reports/${id}/download`)).rawPayload;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('report never settled');
  }

  const write = async (siteId: string, body: Record<string, unknown>) => {
    const res = await req(t.app, owner, 'POST', '/api/logbook', { siteId, category: 'ronde', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; number: number };
  };
  const photo = async (color: string) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
        .png()
        .toBuffer()
    ).toString('base64')}`;

  // Documents take seconds each on a busy machine: the tests that build several get more time.
  const SLOW = 180_000;
  let site: { id: string };

  it(
    'writes a site’s main courante as a PDF: entries in order, corrections, system entries, photos, integrity',
    async () => {
      site = await createSite(t.app, owner, { name: 'Entrepôt Nord' });
      const other = await createSite(t.app, owner, { name: 'Siège Paris' });
      await write(site.id, {
        text: 'Prise de poste : clés du PC sécurité récupérées, RAS.',
        category: 'relève',
        photos: [await photo('#c00'), await photo('#06c')],
      });
      const second = await write(site.id, {
        text: 'Ronde de 22h : porte du quai 3 trouvée ouverte, refermée.',
      });
      const alarm = await req(t.app, owner, 'POST', '/api/alarms', {
        siteId: site.id,
        title: 'Intrusion quai 3',
        description: 'Détecteur volumétrique',
        location: 'Quai 3',
      });
      expect(alarm.statusCode).toBe(201);
      await copySystemEvents(t.db, new Date(Date.now() + 5_000));
      await write(site.id, {
        text: 'Porte du quai 4, non du quai 3.',
        category: 'incident',
        correctsId: second.id,
      });
      // A long entry: the register is printed whole, never cut.
      const long = `Rapport détaillé. ${'Constat fait lors du passage, consigné pour la relève. '.repeat(40)}Fin du rapport.`;
      await write(site.id, { text: long, category: 'intervention' });
      await write(other.id, { text: 'Entrée du siège', category: 'passage' });

      const pdf = await generate({ type: 'logbook', siteId: site.id });
      if (process.env.REPORTS_DEBUG) (await import('node:fs')).writeFileSync('/tmp/logbook.pdf', pdf);
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('Gardiens du Nord');
      expect(text).toContain('Main courante du');
      expect(text).toContain('Main courante — Entrepôt Nord');
      expect(text).not.toContain('Synthèse de la période');
      expect(text).not.toContain('Entrée du siège');
      expect(text).toContain('Prise de poste : clés du PC sécurité récupérées, RAS.');
      expect(text).toMatch(/Système \(automatique\).*Alarme : Intrusion quai 3/);
      expect(text).toContain("Corrigée par l'entrée n° 4 : Porte du quai 4, non du quai 3.");
      expect(text).toContain("Correction de l'entrée n° 2 : Porte du quai 4");
      expect(text).toContain('Fin du rapport.');
      expect(text).toContain('Intégrité vérifiée : 5 entrées, chaîne intacte');
      const order = [
        'Prise de poste',
        'Ronde de 22h',
        'Corrigée par',
        'Intrusion quai 3',
        'Correction de',
        'Rapport détaillé',
      ];
      const at = order.map((s) => text.indexOf(s));
      expect(at).toEqual([...at].sort((a, b) => a - b));
      mkdirSync(screenshots, { recursive: true });
      if (engine === 'pglite') {
        pdfPagePng(pdf, join(screenshots, 'report-logbook-page1.png'), 1);
        pdfPagePng(pdf, join(screenshots, 'report-logbook-page2.png'), 2);
      }
    },
    SLOW,
  );

  it(
    'gives every site with entries its section, and counts the photos in the spreadsheet',
    async () => {
      const all = pdfText(await generate({ type: 'logbook' })).replace(/\s+/g, ' ');
      expect(all).toContain('Main courante — Entrepôt Nord');
      expect(all).toContain('Main courante — Siège Paris');
      expect(all).toContain('Intégrité vérifiée : 1 entrée, chaîne intacte');
      const wb = await openXlsx(await generate({ type: 'logbook', siteId: site.id, format: 'excel' }));
      const sheet = wb.worksheets.find((w) => w.name.startsWith('Main courante'));
      expect(sheet?.getRow(1).getCell(5).value).toBe('Texte');
      expect(sheet?.getRow(2).getCell(6).value).toBe('2 photos');
      const cells: string[] = [];
      sheet?.eachRow((row) => cells.push(String(row.getCell(1).value)));
      expect(cells.at(-1)).toContain('Intégrité vérifiée : 5 entrées');
    },
    SLOW,
  );

  it(
    'says where the chain breaks when an entry was altered in the database',
    async () => {
      await asOwner(
        t,
        sql`update logbook_entries set text = 'RAS' where company_id = ${owner.company.id} and site_id = ${site.id} and number = 2`,
      );
      const broken = pdfText(await generate({ type: 'logbook', siteId: site.id })).replace(/\s+/g, ' ');
      expect(broken).toContain("Intégrité compromise : la chaîne est rompue à l'entrée n° 2");
    },
    SLOW,
  );

  it(
    "refuses another company's site and says when a period has no entry",
    async () => {
      const foreign = await registerCompany(t.app);
      const foreignSite = await createSite(t.app, foreign);
      const res = await req(t.app, owner, 'POST', '/api/reports/generate', {
        type: 'logbook',
        format: 'pdf',
        startDate: today,
        endDate: today,
        siteId: foreignSite.id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Site introuvable');
      const empty = pdfText(await generate({ type: 'logbook' }, foreign)).replace(/\s+/g, ' ');
      expect(empty).toContain('Aucune entrée de main courante sur la période.');
    },
    SLOW,
  );

  it(
    'lists the rounds in the attendance report: per site, and the missed or late ones',
    async () => {
      const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
      const tour = await createTour(t.app, owner, tourBody(site.id, { name: 'Ronde périmètre' }));
      // One round walked in full, one planned that nobody starts (late, then closed with every
      // checkpoint missed).
      const walked = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
      for (const cp of tour.checkpoints) {
        const scan = await req(
          t.app,
          phone,
          'POST',
          `/api/rounds/${walked.id}/scans`,
          cp.code ? { code: cp.code } : { nfcUid: cp.nfcUid },
        );
        expect(scan.statusCode, scan.body).toBe(201);
      }
      const planned = await req(t.app, owner, 'POST', `/api/tours/${tour.id}/rounds`, { start: false });
      const plannedAt = Date.parse(planned.json().plannedAt);
      await runGuardTourPass(t.db, new Date(plannedAt + 11 * 60_000));
      await runGuardTourPass(t.db, new Date(plannedAt + 71 * 60_000));

      const pdf = await generate({ type: 'attendance', siteId: site.id });
      if (process.env.REPORTS_DEBUG) (await import('node:fs')).writeFileSync('/tmp/attendance.pdf', pdf);
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('Présences');
      expect(text).toContain('Rondes manquées ou en retard');
      // Site, planned 2, done 1, missed 1, late 1, 50 %.
      expect(text).toMatch(new RegExp(`${site.name} 2 1 1 1 50 %`));
      expect(text).toContain('Ronde périmètre');
      expect(text).toContain("Non démarrée à l'heure");
      expect(text).toContain('Portail principal, Quai 3, Local technique, Issue de secours Nord');
      if (engine === 'pglite') {
        const pages = pdfPages(pdf);
        pdfPagePng(pdf, join(screenshots, 'report-attendance-rounds.png'), pages - 1);
        pdfPagePng(pdf, join(screenshots, 'report-attendance-rounds-late.png'), pages);
      }
      const wb = await openXlsx(await generate({ type: 'attendance', siteId: site.id, format: 'excel' }));
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        'Synthèse',
        'Présences',
        'Rondes',
        'Rondes manquées ou en retard',
      ]);
      const rounds = wb.getWorksheet('Rondes')?.getRow(2);
      expect([2, 3, 4, 5, 6].map((i) => rounds?.getCell(i).value)).toEqual([2, 1, 1, 1, 0.5]);
    },
    SLOW,
  );
});
