// For modules that write a change and its audit entry in one statement (alarm creation at device
// rates): the audit row for each row of `source` (columns company_id and id), inside a CTE. The actor
// and the details are SQL over `source`'s columns (alias r), so that each row can carry its own.
// The client's address is the current request's, when the statement is built during one.
import { type SQL, sql } from 'drizzle-orm';
import { requestContext } from '../../plugins/request-context';

export const auditRowsOf = (
  source: SQL,
  e: { actorUserId: SQL; action: string; entity: string; details: SQL },
) => sql`
  insert into audit_log (company_id, actor_user_id, action, entity, entity_id, details, ip)
  select r.company_id, ${e.actorUserId}, ${e.action}, ${e.entity}, r.id::text, ${e.details},
         ${requestContext()?.ip ?? null}::text
    from ${source} r`;
