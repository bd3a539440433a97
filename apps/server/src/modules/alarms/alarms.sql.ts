// SQL fragments the alarms module offers to modules that compose one query across modules (site
// cards, dashboard overview), so that no other module names the alarm tables.
import { type SQLWrapper, sql } from 'drizzle-orm';

/** Open (not resolved) alarms of one site; `companyId` and `siteId` are columns of the outer query. */
export const alarmsCountOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from alarms al where al.company_id = ${companyId} and al.site_id = ${siteId} and al.status <> 'resolved')`;

/** Every alarm of one site, resolved ones included: its history, which blocks deleting the site. */
export const alarmsHistoryOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from alarms al where al.company_id = ${companyId} and al.site_id = ${siteId})`;

/**
 * Alarm figures for the dashboard, as one json object: alarms raised today (in `timezone`), active
 * critical ones, the 5 latest, the alarm panels' availability (null: panels send no heartbeat
 * yet), and per day over the last 7 days (oldest first) the count per severity.
 */
export const alarmsOverviewSql = (companyId: string, timezone: string) => sql`(
  select json_build_object(
    'today', (select count(*) from alarms a where a.company_id = ${companyId}
               and a.triggered_at >= date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone}),
    'critical', (select count(*) from alarms a where a.company_id = ${companyId}
                  and a.status = 'active' and a.severity = 'critical'),
    'recent', coalesce((
      select json_agg(r) from (
        select a.id, a.title, a.description, a.severity, a.location, a.triggered_at as time
          from alarms a where a.company_id = ${companyId}
         order by a.triggered_at desc nulls last, a.id desc nulls last
         limit 5
      ) r), '[]'::json),
    'availability', null,
    'perDay', (
      select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'),
               'critical', coalesce(d.critical, 0), 'high', coalesce(d.high, 0),
               'medium', coalesce(d.medium, 0), 'low', coalesce(d.low, 0)) order by g.day)
        from generate_series(date_trunc('day', now() at time zone ${timezone}) - interval '6 days',
                             date_trunc('day', now() at time zone ${timezone}), interval '1 day') as g(day)
        -- The week's alarms are read once through (company_id, triggered_at) and bucketed by their
        -- local day in one pass (a range join of 7 days against them compared every pair).
        left join (
          select date_trunc('day', w.triggered_at at time zone ${timezone}) as day,
                 count(*) filter (where w.severity = 'critical') as critical,
                 count(*) filter (where w.severity = 'high') as high,
                 count(*) filter (where w.severity = 'medium') as medium,
                 count(*) filter (where w.severity = 'low') as low
            from alarms w
           where w.company_id = ${companyId}
             and w.triggered_at >= (date_trunc('day', now() at time zone ${timezone}) - interval '6 days') at time zone ${timezone}
           group by 1
        ) d on d.day = g.day)
  ))`;
