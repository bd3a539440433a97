// Journal d'audit (Paramètres, administrators): who did what, when, from where. Read-only: entries
// are never changed or removed by the application.
import { z } from 'zod';
import { daySchema } from './agents.contract';
import { defineEndpoint, hasNoNul, idSchema, listQuery, nulMessage, timestampSchema } from './common';

export const auditEntrySchema = z.object({
  /** A growing number, as text. */
  id: z.string(),
  at: timestampSchema,
  actorUserId: idSchema.nullable(),
  /** The user's name; null when no user acted (the system, a device key). */
  actorName: z.string().nullable(),
  /** `alarm.created`, `settings.security_updated`… */
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address, null for background work. */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const filterText = (label: string) =>
  z
    .string()
    .trim()
    .max(100, { error: `${label} ne doit pas dépasser 100 caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const auditFilters = {
  /** Entries of this user. */
  userId: idSchema.optional(),
  /** Actions starting with this text (`alarm.` for every alarm action). */
  action: filterText("L'action"),
  entity: filterText("L'objet"),
  /** Local days of the user's timezone, both included. */
  from: daySchema('La date de début').optional(),
  to: daySchema('La date de fin').optional(),
  /** Without case or accents, in the action, the object, its id, the details and the user's name. */
  search: filterText('La recherche'),
};
const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const datesError = { error: 'La date de fin doit suivre la date de début', path: ['to'] };

export const listAuditQuery = listQuery.extend(auditFilters).refine(datesInOrder, datesError);
export const exportAuditQuery = z.object(auditFilters).refine(datesInOrder, datesError);

/** An export holds at most this many entries (newest first). */
export const maxExportedAuditEntries = 100_000;

const tags = ['audit'];

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/api/audit',
  summary: "Journal d'audit de la société (les plus récentes d'abord, administrateurs)",
  tags,
  auth: true,
  query: listAuditQuery,
  response: z.array(auditEntrySchema),
});

export const exportAudit = defineEndpoint({
  method: 'GET',
  path: '/api/audit/export',
  summary: "Export CSV du journal d'audit filtré (UTF-8, séparateur point-virgule)",
  tags,
  auth: true,
  query: exportAuditQuery,
  response: z.any(),
});
