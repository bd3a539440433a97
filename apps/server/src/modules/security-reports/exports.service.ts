// Exports of a security report (PDF, Word, Excel), built in a worker thread; the last one is kept
// (files module) and downloaded through an authenticated route. Exporting a final report marks it
// Exporté; a final report whose stored content no longer matches its fingerprint is not exported.
import {
  type ExportFormat,
  incidentTypeLabels,
  legalMention,
  securityReportStatusLabels,
} from '@vigie/contract/security-reports.contract';
import type { Database } from '../../db/client';
import { type Language, translate } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { buildInWorker } from '../../plugins/document-worker';
import { recordAudit } from '../audit/audit.service';
import { deleteFile, readFile, storeFile } from '../files/files.service';
import { companyIdentity } from '../settings/identity.service';
import { type DocImage, type DocumentInput, localDateTime } from './export/document-input';
import { securityReportErrors as errors } from './security-reports.errors';
import { fingerprintOf } from './security-reports.models';
import type { ReportRow } from './security-reports.repository';
import * as repo from './security-reports.repository';
import {
  downloadPath,
  loadReport,
  requireManager,
  sealedContentOf,
  verificationPath,
} from './security-reports.service';

export const EXPORT_KIND = 'security_report_export';

export const exportTypes: Record<ExportFormat, { contentType: string; ext: string; label: string }> = {
  pdf: { contentType: 'application/pdf', ext: 'pdf', label: 'PDF' },
  word: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    label: 'Word',
  },
  excel: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    label: 'Excel',
  },
};

async function docImage(data: Buffer): Promise<DocImage | null> {
  try {
    // sharp (libvips) is loaded on first use: most servers' lives never read a logo here.
    const { default: sharp } = await import('sharp');
    const meta = await sharp(data).metadata();
    if ((meta.format !== 'png' && meta.format !== 'jpeg') || !meta.width || !meta.height) return null;
    return { data, type: meta.format === 'png' ? 'png' : 'jpg', width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** dd/mm/yyyy: French, en-GB and es-ES write a day alike. */
const day = (d: string) => d.split('-').reverse().join('/');
function periodText(r: ReportRow, lang: Language) {
  const t = (text: string, values?: Record<string, unknown>) => translate(lang, text, values);
  if (r.periodStart && r.periodEnd)
    return t('Du {start} au {end}', { start: day(r.periodStart), end: day(r.periodEnd) });
  if (r.periodStart) return t('À partir du {start}', { start: day(r.periodStart) });
  if (r.periodEnd) return t("Jusqu'au {end}", { end: day(r.periodEnd) });
  return t('Non précisée');
}

function documentInput(
  r: ReportRow,
  identity: Awaited<ReturnType<typeof companyIdentity>>,
  logo: DocImage | null,
  signature: DocImage | null,
  tz: string,
  baseUrl: string,
  lang: Language,
): DocumentInput {
  const t = (text: string) => translate(lang, text);
  const final = r.status !== 'draft';
  const sections: [string, string | null][] = [
    ['Réparations', r.repairs],
    ['Améliorations', r.improvements],
    ['Observations', r.observations],
    ['Commentaires', r.comments],
  ];
  return {
    language: lang,
    company: {
      name: identity.legalName,
      address: identity.address,
      siret: identity.siret,
      cnapsAuthorisation: identity.cnapsAuthorisation,
      logo,
    },
    report: {
      number: r.number,
      statusLabel: t(securityReportStatusLabels[r.status]),
      final,
      siteName: r.siteName,
      period: periodText(r, lang),
      geolocation: r.geolocation ?? t('Non renseignée'),
      responsibleName: r.responsibleName,
      generatedByName: r.generatedByName,
      createdAt: localDateTime(lang, r.createdAt, tz),
      finalizedAt: r.finalizedAt ? localDateTime(lang, r.finalizedAt, tz) : null,
      incidents: r.incidents.map((i) => ({
        type: t(incidentTypeLabels[i.type]),
        description: i.description,
        measuresTaken: i.measuresTaken ?? t('Aucune'),
      })),
      interventions: r.interventions.map((i) => ({
        time: i.time ?? '—',
        agentName: i.agentName ?? t('Agent non précisé'),
        description: i.description,
      })),
      sections: sections.map(([title, text]) => ({ title: t(title), text: text ?? '—' })),
    },
    signature,
    fingerprint: final ? r.fingerprint : null,
    verificationUrl: final && r.fingerprint ? `${baseUrl}${verificationPath(r.fingerprint)}` : null,
    legalMention,
    generatedAt: localDateTime(lang, new Date(), tz),
  };
}

/** Builds the document, keeps it as the report's last export, and answers where to download it. */
export async function exportReport(
  db: Database,
  auth: AuthContext,
  id: string,
  format: ExportFormat,
  baseUrl: string,
  /** The requester's language: the document's, and the answer's. */
  lang: Language = 'fr',
) {
  requireManager(auth);
  const input = await db.withTenant(auth.companyId, async (tx) => {
    const row = await loadReport(tx, auth, id);
    const identity = await companyIdentity(tx, auth.companyId);
    const sig = row.signatureFileId ? await readFile(tx, auth.companyId, row.signatureFileId) : undefined;
    if (row.status !== 'draft') {
      // The seal is checked again: what is printed is what was signed.
      const expected =
        row.finalizedAt && sig ? fingerprintOf(sealedContentOf(row, row.finalizedAt), sig.data) : null;
      if (expected !== row.fingerprint) throw errors.tampered();
    }
    return documentInput(
      row,
      identity,
      identity.logo ? await docImage(identity.logo.data) : null,
      sig ? await docImage(sig.data) : null,
      auth.user.timezone,
      baseUrl,
      lang,
    );
  });
  const file = await buildInWorker(
    new URL('./export/build.ts', import.meta.url).href,
    'buildSecurityReport',
    { format, input },
    'Security report',
  );
  const type = exportTypes[format];
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await loadReport(tx, auth, id, true);
    const fileId = await storeFile(tx, auth.companyId, {
      kind: EXPORT_KIND,
      contentType: type.contentType,
      data: file,
    });
    await repo.updateReport(tx, auth.companyId, id, {
      lastExportFileId: fileId,
      lastExportFormat: format,
      lastExportedAt: new Date(),
      ...(current.status === 'finalized' ? { status: 'exported' as const } : {}),
    });
    if (current.lastExportFileId) await deleteFile(tx, auth.companyId, current.lastExportFileId);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'security_report.exported',
      entity: 'security_report',
      entityId: id,
      details: { number: current.number, format, size: file.length, final: current.status !== 'draft' },
    });
  });
  const message = translate(lang, 'Rapport {number} exporté en {format}', {
    number: input.report.number,
    format: type.label,
  });
  return { message, url: downloadPath(id) };
}

/** The last export, with the name the browser saves it under. */
export async function downloadLastExport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadReport(tx, auth, id);
    const file = row.lastExportFileId ? await readFile(tx, auth.companyId, row.lastExportFileId) : undefined;
    if (!file || !row.lastExportFormat) throw errors.noExport();
    return {
      data: file.data,
      contentType: file.contentType,
      fileName: `rapport-securite-${row.number}.${exportTypes[row.lastExportFormat].ext}`,
    };
  });
}

/** The public page's answer: the document exists, its date, its company; nothing of its content. */
export async function verify(db: Database, fingerprint: string) {
  const found = await repo.verifyFingerprint(db, fingerprint);
  if (!found) throw errors.verificationNotFound();
  return {
    exists: true as const,
    finalizedAt: new Date(found.finalized_at).toISOString(),
    companyName: found.company_name,
    number: found.number,
    siteName: found.site_name,
  };
}
