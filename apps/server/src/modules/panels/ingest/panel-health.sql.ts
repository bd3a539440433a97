// The DC-09 panels' figures for system health's « Alarmes » row, composed into the dashboard's one
// overview statement: how many panels the company has and how many have lost their link.
import { sql } from 'drizzle-orm';

/** `{ total, lost }` as json, for one company. */
export const receiverPanelsOverviewSql = (companyId: string) => sql`(
  select json_build_object('total', count(*)::int, 'lost', (count(*) filter (where p.link_state = 'lost'))::int)
    from panels p where p.company_id = ${companyId})`;
