// The dashboard's sources in other modules: each is a SQL json fragment exported by its module (as
// sites.sql.ts and cameras.sql.ts do), composed into the overview's single query. A module with
// nothing to count answers zero or "no data", never an invented figure.
/** The alarms module's figures: `{ today, critical, recent, perDay }`. */

/** The access module's figures: `{ points, responding, availability }`. */
export { accessOverviewSql } from '../access/access.sql';
export { alarmsOverviewSql } from '../alarms/alarms.sql';
/** The integrations module's alarm panels: `{ panels, live, availability }` (their heartbeats). */
export { panelsOverviewSql } from '../integrations/integrations.sql';
/** The DC-09 panels of the alarm receiver: `{ total, lost }` (their link state). */
export { receiverPanelsOverviewSql } from '../panels/ingest/panel-health.sql';
/** The planning module's figures: `{ online, total, expected, present }`. */
export { agentsOverviewSql } from '../planning/planning.sql';
