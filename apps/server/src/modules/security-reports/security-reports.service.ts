// Rapports de Sécurité: drafts written on site, finalised with the responsible's signature (content
// and signature then frozen and sealed by their SHA-256), exported by exports.service.ts.
// Administrators and operators manage them; agents have no access. Every change is audited.
import type {
  createSecurityReportBody,
  listSecurityReportsQuery,
  SecurityReport,
  updateSecurityReportBody,
} from '@vigie/contract/security-reports.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { invalid } from '../../plugins/errors';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { deleteFile, readFile, storeFile } from '../files/files.service';
import { agentExists } from '../planning/agents.service';
import { siteForPlanning } from '../sites/sites.service';
import { securityReportErrors as errors } from './security-reports.errors';
import { fingerprintOf, reportNumber, type SealedContent } from './security-reports.models';
import * as repo from './security-reports.repository';
import { signaturePng } from './signature';

export const SIGNATURE_KIND = 'security_report_signature';

export const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw errors.readOnly();
};

const iso = (d: Date) => d.toISOString();
export const downloadPath = (id: string) => `/api/security-reports/${id}/download`;
export const verificationPath = (fingerprint: string) => `/verification/${fingerprint}`;

export const toDto = (r: repo.ReportRow): SecurityReport => ({
  id: r.id,
  number: r.number,
  siteId: r.siteId,
  siteName: r.siteName,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  geolocation: r.geolocation,
  totalIncidents: r.incidents.length,
  incidents: r.incidents,
  interventions: r.interventions,
  repairs: r.repairs,
  improvements: r.improvements,
  observations: r.observations,
  comments: r.comments,
  responsibleName: r.responsibleName,
  hasSignature: r.signatureFileId !== null,
  status: r.status,
  fingerprint: r.fingerprint,
  verificationUrl: r.fingerprint ? verificationPath(r.fingerprint) : null,
  finalizedAt: r.finalizedAt ? iso(r.finalizedAt) : null,
  generatedByName: r.generatedByName,
  lastExport:
    r.lastExportFileId && r.lastExportFormat && r.lastExportedAt
      ? { format: r.lastExportFormat, at: iso(r.lastExportedAt), url: downloadPath(r.id) }
      : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The content the fingerprint seals, from the stored row. */
export const sealedContentOf = (r: repo.ReportRow, finalizedAt: Date): SealedContent => ({
  companyId: r.companyId,
  number: r.number,
  siteId: r.siteId,
  siteName: r.siteName,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  geolocation: r.geolocation,
  incidents: r.incidents,
  interventions: r.interventions,
  repairs: r.repairs,
  improvements: r.improvements,
  observations: r.observations,
  comments: r.comments,
  responsibleName: r.responsibleName,
  finalizedAt,
});

async function audit(
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action,
    entity: 'security_report',
    entityId: id,
    details,
  });
}

type Input = Partial<z.output<typeof updateSecurityReportBody>>;

/** Site and agents must be this company's; answers the site's name to keep with the report. */
async function checkLinks(tx: Tx, companyId: string, input: Input) {
  let siteName: string | undefined;
  if (input.siteId) {
    const site = await siteForPlanning(tx, companyId, input.siteId);
    if (!site) throw errors.siteNotFound();
    siteName = site.name;
  }
  for (const [i, it] of (input.interventions ?? []).entries())
    if (it.agentId && !(await agentExists(tx, companyId, it.agentId))) throw errors.agentNotFound(i);
  return siteName;
}

export async function listReports(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof listSecurityReportsQuery>,
) {
  requireManager(auth);
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listReportsPage(
      tx,
      auth.companyId,
      { status: q.status, siteId: q.siteId },
      { limit: q.limit, after },
    );
    return { rows: rows.map(toDto), total };
  });
}

export async function loadReport(tx: Tx, auth: AuthContext, id: string, forUpdate = false) {
  const row = await repo.findReport(tx, auth.companyId, id, forUpdate);
  if (!row) throw errors.notFound();
  return row;
}

export async function getReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => toDto(await loadReport(tx, auth, id)));
}

export async function createReport(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createSecurityReportBody>,
) {
  requireManager(auth);
  // Decoded before the transaction: a bad image changes nothing and holds no connection.
  const signature = input.responsibleSignature ? await signaturePng(input.responsibleSignature) : null;
  return db.withTenant(auth.companyId, async (tx) => {
    const siteName = (await checkLinks(tx, auth.companyId, input)) as string;
    const year = new Date().getUTCFullYear();
    const number = reportNumber(year, await repo.nextNumber(tx, auth.companyId, year));
    const signatureFileId = signature
      ? await storeFile(tx, auth.companyId, {
          kind: SIGNATURE_KIND,
          contentType: 'image/png',
          data: signature,
        })
      : null;
    const row = await repo.insertReport(tx, {
      companyId: auth.companyId,
      number,
      siteId: input.siteId,
      siteName,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      geolocation: input.geolocation,
      incidents: input.incidents,
      interventions: input.interventions,
      repairs: input.repairs,
      improvements: input.improvements,
      observations: input.observations,
      comments: input.comments,
      responsibleName: input.responsibleName ?? auth.user.name,
      signatureFileId,
      createdBy: auth.userId,
      generatedByName: auth.user.name,
    });
    await audit(tx, auth, row.id, 'security_report.created', {
      number,
      site: siteName,
      incidents: input.incidents.length,
      interventions: input.interventions.length,
      signed: signature !== null,
    });
    return toDto(row);
  });
}

export async function updateReport(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateSecurityReportBody>,
) {
  requireManager(auth);
  const signature = input.responsibleSignature ? await signaturePng(input.responsibleSignature) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await loadReport(tx, auth, id, true);
    if (current.status !== 'draft') throw errors.final();
    const siteName = await checkLinks(tx, auth.companyId, input);
    const start = input.periodStart !== undefined ? input.periodStart : current.periodStart;
    const end = input.periodEnd !== undefined ? input.periodEnd : current.periodEnd;
    if (start && end && start > end)
      throw invalid(['body', 'periodEnd'], 'La date de fin doit suivre la date de début');
    let signatureFileId: string | null | undefined;
    if (signature) {
      signatureFileId = await storeFile(tx, auth.companyId, {
        kind: SIGNATURE_KIND,
        contentType: 'image/png',
        data: signature,
      });
    } else if (input.responsibleSignature === null) signatureFileId = null;
    const row = await repo.updateReport(tx, auth.companyId, id, {
      siteId: input.siteId,
      siteName,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      geolocation: input.geolocation,
      incidents: input.incidents,
      interventions: input.interventions,
      repairs: input.repairs,
      improvements: input.improvements,
      observations: input.observations,
      comments: input.comments,
      responsibleName: input.responsibleName === null ? auth.user.name : input.responsibleName,
      signatureFileId,
    });
    if (!row) throw errors.notFound();
    if (signatureFileId !== undefined && current.signatureFileId)
      await deleteFile(tx, auth.companyId, current.signatureFileId);
    await audit(tx, auth, id, 'security_report.updated', {
      number: row.number,
      fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
    });
    return toDto(row);
  });
}

export async function deleteReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await loadReport(tx, auth, id, true);
    if (current.status !== 'draft') throw errors.final();
    await repo.deleteReport(tx, auth.companyId, id);
    for (const fileId of [current.signatureFileId, current.lastExportFileId])
      if (fileId) await deleteFile(tx, auth.companyId, fileId);
    await audit(tx, auth, id, 'security_report.deleted', { number: current.number, site: current.siteName });
  });
}

/** Freezes the draft: its content and signature are sealed by their SHA-256. */
export async function finalizeReport(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await loadReport(tx, auth, id, true);
    if (current.status !== 'draft') throw errors.alreadyFinal();
    if (!current.signatureFileId) throw errors.signatureRequired();
    const signature = await readFile(tx, auth.companyId, current.signatureFileId);
    if (!signature) throw errors.signatureRequired();
    // Millisecond precision: the stored timestamp reads back as the same instant the hash sealed.
    const finalizedAt = new Date();
    const fingerprint = fingerprintOf(sealedContentOf(current, finalizedAt), signature.data);
    const row = await repo.updateReport(tx, auth.companyId, id, {
      status: 'finalized',
      fingerprint,
      finalizedAt,
      finalizedBy: auth.userId,
    });
    if (!row) throw errors.notFound();
    await audit(tx, auth, id, 'security_report.finalized', { number: row.number, fingerprint });
    return toDto(row);
  });
}

export async function getSignature(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadReport(tx, auth, id);
    const file = row.signatureFileId ? await readFile(tx, auth.companyId, row.signatureFileId) : undefined;
    if (!file) throw errors.noSignature();
    return file;
  });
}
