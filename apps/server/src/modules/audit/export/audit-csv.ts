// The audit journal as CSV, built in a worker thread (plugins/document-worker.ts): RFC 4180 with a
// semicolon (what a French spreadsheet expects) and a BOM so that Excel reads UTF-8. Every text cell
// is escaped so that a spreadsheet never takes it for a formula: names and details are typed by people.
// Actions and objects read in French, as on the journal's page; the action's code stays beside it,
// stable across versions, for whoever filters the file.
import { actionLabel, entityLabel } from '@vigie/contract/audit-labels';
import { escapeCell } from '../../../lib/spreadsheet-cells';

export interface AuditCsvInput {
  timezone: string;
  rows: {
    at: Date;
    actorName: string;
    action: string;
    entity: string;
    entityId: string | null;
    details: Record<string, unknown> | null;
    ip: string | null;
  }[];
}

const quote = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const HEADERS = [
  'Date et heure',
  'Utilisateur',
  'Action',
  "Code de l'action",
  'Objet',
  'Identifiant',
  'Détails',
  'Adresse IP',
];

export function buildAuditCsv(input: AuditCsvInput): Buffer {
  const when = new Intl.DateTimeFormat('fr-FR', {
    timeZone: input.timezone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const lines = [
    HEADERS,
    ...input.rows.map((r) => [
      when.format(r.at),
      escapeCell(r.actorName),
      escapeCell(actionLabel(r.action)),
      escapeCell(r.action),
      escapeCell(entityLabel(r.entity)),
      escapeCell(r.entityId ?? ''),
      escapeCell(r.details ? JSON.stringify(r.details) : ''),
      escapeCell(r.ip ?? ''),
    ]),
  ].map((cells) => cells.map(quote).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
