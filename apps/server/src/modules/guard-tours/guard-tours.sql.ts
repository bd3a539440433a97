// SQL fragments the guard-tours module offers to modules that compose one query.
import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Whether a user scanned one of a site's checkpoints (a scan of a round, written by that user's
 * phone) at or after `since`: the interventions module's proof that the agent is on site.
 */
export const checkpointScannedSince = (
  companyId: string,
  siteId: string,
  userId: string,
  since: SQLWrapper,
) =>
  sql<boolean>`exists (
    select 1 from tour_scans sc
      join tour_checkpoints cp on cp.company_id = sc.company_id and cp.id = sc.checkpoint_id
      join tours t on t.company_id = cp.company_id and t.id = cp.tour_id
     where sc.company_id = ${companyId} and t.site_id = ${siteId} and sc.created_by = ${userId}
       and sc.scanned_at >= ${since})`;
