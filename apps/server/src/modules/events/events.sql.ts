// SQL the events module offers to modules that write an event in the same statement as their change
// (alarm creation is one statement): the row goes to `events` (the truth) and a NOTIFY wakes every
// instance up at commit. NOTIFY is transactional: a rolled-back change never reaches a browser.
import { type SQL, sql } from 'drizzle-orm';

export const EVENTS_CHANNEL = 'vigie_events';

/**
 * The NOTIFY of event rows selected from `source` (columns company_id, id, type, payload,
 * created_at). The payload rides along when small enough (NOTIFY's limit is 8,000 bytes);
 * otherwise listeners read the row.
 */
export const notifyEventsOf = (source: SQL) => sql`
  select pg_notify(${EVENTS_CHANNEL}, json_build_object(
           'c', e.company_id, 'i', e.id, 't', e.type, 'at', e.created_at,
           'p', case when octet_length(e.payload::text) < 6000 then e.payload end)::text)
    from ${source} e`;

/**
 * The event rows of a change, one per row of `source` (alias r, with a company_id column), inside a
 * CTE; `payload` is SQL over r. Select them with `notifyEventsOf` to wake the instances up.
 */
export const eventRowsOf = (source: SQL, type: string, payload: SQL) => sql`
  insert into events (company_id, type, payload)
  select r.company_id, ${type}, ${payload} from ${source} r
  returning company_id, id, type, payload, created_at`;
