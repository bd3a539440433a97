// Security reports exported in the requester's language (issue 35), on both engines: an English
// user's PDF (draft, then final with its seal) read back with pdftotext, a Spanish user's Word and
// Excel files; the legal mention (article L612-14 CSI) and the CNAPS line stay in French beside
// their translation; the answer's message is in the language too.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalMention } from '@vigie/contract/security-reports.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { createReport, createSite, drawnSignature, fullReport, post } from './test-support';

const screenshots = fileURLToPath(new URL('../../../../../e2e/screenshots/', import.meta.url));
const CNAPS = 'AUT-075-2030-05-12-12345678901';
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** Headings of the French document: none may be left in another language's. */
const frenchWords = [
  'Rapport de sécurité',
  'BROUILLON',
  'Période',
  'Mesures prises',
  'Signature du responsable',
  'Établi par',
  'Réparations',
  'édité le',
  'Empreinte SHA-256 du rapport',
];

describe.each(engines)('security reports in the requester’s language (%s)', (engine) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    dir = mkdtempSync(join(tmpdir(), 'vigie-sr-lang-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function owner(language: 'en' | 'es') {
    const who = await registerCompany(t.app);
    const identity = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/identity',
      headers: who.auth,
      payload: {
        legalName: 'Gardiennage Horizon SAS',
        address: '12 rue des Lilas, Lyon',
        cnapsAuthorisation: CNAPS,
      },
    });
    expect(identity.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: who.auth,
      payload: { language, phone: null },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const site = await createSite(t.app, who, 'Entrepôt Nord');
    const report = await createReport(
      t.app,
      who,
      fullReport(site.id, { responsibleSignature: await drawnSignature() }),
    );
    return { who, report };
  }

  async function exported(who: Tenant, id: string, format: 'pdf' | 'word' | 'excel') {
    const res = await post(t.app, who, `/api/security-reports/${id}/export-${format}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().url, headers: who.auth });
    return { message: res.json().message as string, data: file.rawPayload };
  }

  const pdfText = (pdf: Buffer) => {
    const path = join(dir, 'r.pdf');
    writeFileSync(path, pdf);
    return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  };

  it('writes an English user’s PDF in English, the legal mentions in French beside it', async () => {
    const { who, report } = await owner('en');
    const draft = await exported(who, report.id, 'pdf');
    expect(draft.message).toBe(`Report ${report.number} exported as PDF`);
    const text = pdfText(draft.data);
    for (const words of [
      'Security report',
      `No. ${report.number}`,
      'DRAFT — document not finalised',
      'From 01/11/2026 to 07/11/2026',
      'Drawn up by',
      'Incidents (1)',
      'Action taken: Levée de doute',
      'Responses (1)',
      'Repairs',
      'Manager’s signature',
      `Autorisation d'exercice CNAPS : ${CNAPS} (CNAPS operating licence)`,
      'page 1/',
    ])
      expect(text, words).toContain(words);
    expect(squeeze(text)).toContain(squeeze(legalMention));
    expect(squeeze(text)).toContain(squeeze('The operating licence confers no public authority prerogative'));
    expect(frenchWords.filter((w) => text.includes(w))).toEqual([]);

    await post(t.app, who, `/api/security-reports/${report.id}/finalize`);
    const final = await exported(who, report.id, 'pdf');
    const sealed = pdfText(final.data);
    expect(sealed).toContain('SHA-256 fingerprint of the finalised report:');
    expect(sealed).toContain('Authenticity can be checked by scanning the code or at:');
    expect(frenchWords.filter((w) => sealed.includes(w))).toEqual([]);
    if (engine === 'pglite') {
      const path = join(dir, 'final.pdf');
      writeFileSync(path, final.data);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        path,
        join(dir, 'p'),
      ]);
      mkdirSync(screenshots, { recursive: true });
      copyFileSync(join(dir, 'p.png'), join(screenshots, 'security-report-final-en.png'));
    }
  });

  it('writes a Spanish user’s Word and Excel files in Spanish', async () => {
    const { who, report } = await owner('es');
    const word = await exported(who, report.id, 'word');
    expect(word.message).toBe(`Informe ${report.number} exportado en Word`);
    const docx = join(dir, 'r.docx');
    writeFileSync(docx, word.data);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    const footer = execFileSync('unzip', ['-p', docx, 'word/footer1.xml'], { encoding: 'utf8' }).replace(
      /&apos;/g,
      "'",
    );
    for (const words of ['Informe de seguridad', 'BORRADOR', 'Medidas adoptadas', 'Firma del responsable'])
      expect(xml, words).toContain(words);
    expect(frenchWords.filter((w) => xml.includes(w))).toEqual([]);
    expect(footer).toContain(legalMention);
    expect(footer).toContain('La autorización de ejercicio no confiere');
    expect(footer).toContain(`Informe ${report.number} — emitido el`);

    const excel = await exported(who, report.id, 'excel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.data as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Informe', 'Incidentes', 'Intervenciones']);
    const cells: string[] = [];
    wb.getWorksheet('Informe')?.eachRow((row) => {
      row.eachCell((c) => {
        cells.push(String(c.value));
      });
    });
    expect(cells).toEqual(expect.arrayContaining(['Periodo', 'Elaborado por', legalMention]));
    expect(cells).toContain(`Autorisation d'exercice CNAPS : ${CNAPS} (Autorización de ejercicio CNAPS)`);
    expect(wb.getWorksheet('Incidentes')?.getRow(1).getCell(4).value).toBe('Medidas adoptadas');
    expect(wb.getWorksheet('Incidentes')?.getRow(2).getCell(2).value).toBe('Intrusión');
  });
});
