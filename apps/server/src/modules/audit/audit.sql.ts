// For modules that write a change and its audit entry in one statement (alarm creation at device
// rates): the audit row for each row of `source` (columns company_id and id), inside a CTE.
import { type SQL, sql } from 'drizzle-orm';

export const auditRowsOf = (
  source: SQL,
  e: { actorUserId: string | null; action: string; entity: string; details: Record<string, unknown> },
) => sql`
  insert into audit_log (company_id, actor_user_id, action, entity, entity_id, details)
  select r.company_id, ${e.actorUserId}::uuid, ${e.action}, ${e.entity}, r.id::text, ${JSON.stringify(e.details)}::jsonb
    from ${source} r`;
