// Helpers of the reports spec: a company with activity (a site, alarms raised and acknowledged
// through the API) and reading a downloaded PDF back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, type RegisteredCompany } from './api';

async function created<T>(company: RegisteredCompany, path: string, body: unknown) {
  const res = await api<T>('POST', path, body, company.token);
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A site and a few alarms, some acknowledged: the statistics and the report have figures. */
export async function seedReportActivity(company: RegisteredCompany, siteName: string) {
  const site = await created<{ id: string }>(company, '/api/sites', {
    name: siteName,
    address: '12 rue de la République, 69002 Lyon',
  });
  const severities = ['critical', 'high', 'medium', 'low', 'medium'];
  for (const [i, severity] of severities.entries()) {
    const alarm = await created<{ id: string }>(company, '/api/alarms', {
      siteId: site.id,
      type: 'intrusion',
      severity,
      title: `Détection zone ${i + 1}`,
      description: 'Mouvement détecté par le capteur',
      location: `Zone ${i + 1}`,
    });
    if (i % 2 === 0) await created(company, `/api/alarms/${alarm.id}/acknowledge`, {});
  }
  return site;
}

/** The PDF's text (pdftotext, poppler-utils). */
export function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-e2e-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), join(dir, 'r.txt')]);
    return readFileSync(join(dir, 'r.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
