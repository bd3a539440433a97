// The exported documents, opened again for real: the PDF rendered by pdftoppm and read by pdftotext,
// the DOCX unzipped, the XLSX reopened with exceljs; page 1 of a draft and of a final PDF are written
// to e2e/screenshots/ to be looked at.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalMention } from '@vigie/contract/security-reports.contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { createReport, createSite, drawnSignature, fullReport, post } from './test-support';

const screenshots = fileURLToPath(new URL('../../../../../e2e/screenshots/', import.meta.url));
const CNAPS = 'AUT-075-2030-05-12-12345678901';

describe.each(engines)('security report exports on %s', (engine) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    dir = mkdtempSync(join(tmpdir(), 'vigie-sr-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function identity(owner: Tenant) {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/identity',
      headers: owner.auth,
      payload: {
        legalName: 'Gardiennage Horizon SAS',
        address: '12 rue des Lilas, 69003 Lyon',
        cnapsAuthorisation: CNAPS,
      },
    });
    expect(put.statusCode).toBe(200);
    const logo = await sharp({
      create: { width: 200, height: 120, channels: 3, background: { r: 30, g: 58, b: 138 } },
    })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/identity/logo',
      headers: owner.auth,
      payload: { image: logo.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
  }

  async function exported(owner: Tenant, id: string, format: 'pdf' | 'word' | 'excel') {
    const res = await post(t.app, owner, `/api/security-reports/${id}/export-${format}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { message: string; url: string };
    expect(answer.url).toBe(`/api/security-reports/${id}/download`);
    const file = await t.app.inject({ method: 'GET', url: answer.url, headers: owner.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="rapport-securite-RS-\d{4}-\d{4}\./,
    );
    return { answer, data: file.rawPayload, headers: file.headers };
  }

  const pdfText = (pdf: Buffer, name: string) => {
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, pdf);
    return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  };
  const page1 = (pdf: Buffer, name: string) => {
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, pdf);
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
      join(dir, name),
    ]);
    mkdirSync(screenshots, { recursive: true });
    copyFileSync(join(dir, `${name}.png`), join(screenshots, `${name}.png`));
    return readFileSync(join(dir, `${name}.png`));
  };
  // pdftotext breaks long lines; compare without whitespace.
  const squeeze = (s: string) => s.replace(/\s+/g, '');

  it('exports a draft and a final report in the three formats, with identity, mention and seal', async () => {
    const owner = await registerCompany(t.app);
    await identity(owner);
    const site = await createSite(t.app, owner, 'Entrepôt Nord');
    const report = await createReport(
      t.app,
      owner,
      fullReport(site.id, {
        responsibleSignature: await drawnSignature(),
        comments: '=HYPERLINK("http://exemple.fr")',
      }),
    );

    // A draft: exported, still a draft, marked as such, no fingerprint.
    const draft = await exported(owner, report.id, 'pdf');
    expect(draft.answer.message).toBe(`Rapport ${report.number} exporté en PDF`);
    expect(draft.headers['content-type']).toBe('application/pdf');
    const draftText = pdfText(draft.data, 'draft');
    expect(draftText).toContain(report.number);
    expect(draftText).toContain('BROUILLON');
    expect(draftText).toContain('Gardiennage Horizon SAS');
    expect(squeeze(draftText)).toContain(squeeze(legalMention));
    expect(draftText).toContain(CNAPS);
    expect(draftText).toContain('Intrusion détectée côté quai 3');
    expect(draftText).not.toContain('SHA-256');
    expect((await sharp(page1(draft.data, 'security-report-draft')).metadata()).width).toBeGreaterThan(400);
    const asDraft = await t.app.inject({
      method: 'GET',
      url: `/api/security-reports/${report.id}`,
      headers: owner.auth,
    });
    expect(asDraft.json()).toMatchObject({ status: 'draft', lastExport: { format: 'pdf' } });

    const final = (await post(t.app, owner, `/api/security-reports/${report.id}/finalize`)).json();
    const fingerprint: string = final.fingerprint;

    const pdf = await exported(owner, report.id, 'pdf');
    const text = pdfText(pdf.data, 'final');
    expect(squeeze(text)).toContain(fingerprint);
    expect(squeeze(text)).toContain(squeeze(legalMention));
    expect(text).toContain(report.number);
    expect(text).not.toContain('BROUILLON');
    expect(squeeze(text)).toContain(`/verification/${fingerprint}`);
    page1(pdf.data, 'security-report-final');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/security-reports/${report.id}`,
      headers: owner.auth,
    });
    expect(after.json()).toMatchObject({ status: 'exported', fingerprint });

    const word = await exported(owner, report.id, 'word');
    expect(word.answer.message).toBe(`Rapport ${report.number} exporté en Word`);
    const docx = join(dir, 'report.docx');
    writeFileSync(docx, word.data);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    const footer = execFileSync('unzip', ['-p', docx, 'word/footer1.xml'], { encoding: 'utf8' });
    const media = execFileSync('unzip', ['-l', docx], { encoding: 'utf8' });
    expect(xml).toContain(report.number);
    expect(xml).toContain(fingerprint);
    expect(xml).toContain('Gardiennage Horizon SAS');
    expect(xml).toContain(CNAPS);
    expect(footer.replace(/&apos;/g, "'")).toContain(legalMention);
    // Logo, signature and QR code.
    expect(media.match(/word\/media\//g)?.length).toBe(3);

    const excel = await exported(owner, report.id, 'excel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.data as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Rapport');
    const cells: string[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((c) => {
        cells.push(
          typeof c.value === 'object' && c.value && 'text' in c.value
            ? String(c.value.text)
            : String(c.value),
        );
      });
    });
    expect(cells).toContain(fingerprint);
    expect(cells).toContain(legalMention);
    expect(cells).toContain(`Autorisation d'exercice CNAPS : ${CNAPS}`);
    expect(cells.some((c) => c.includes(report.number))).toBe(true);
    // A typed formula stays text.
    expect(cells).toContain(`'=HYPERLINK("http://exemple.fr")`);
    expect(sheet?.getImages().length).toBe(3);
    const incidents = wb.getWorksheet('Incidents');
    expect(incidents?.getRow(2).getCell(2).value).toBe('Intrusion');
    expect(wb.getWorksheet('Interventions')?.getRow(2).getCell(3).value).toBe('Luc Bernard');

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=security_report.&limit=50',
      headers: owner.auth,
    });
    expect(audit.statusCode).toBe(200);
    const actions = (audit.json() as { action: string }[]).map((a) => a.action);
    expect(actions.filter((a) => a === 'security_report.exported')).toHaveLength(4);
    expect(actions).toContain('security_report.finalized');
    expect(actions).toContain('security_report.created');
  });

  it('answers 404 for the download of a report never exported', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const report = await createReport(t.app, owner, { siteId: site.id });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/security-reports/${report.id}/download`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Ce rapport n'a pas encore été exporté : exportez-le d'abord");
  });
});
