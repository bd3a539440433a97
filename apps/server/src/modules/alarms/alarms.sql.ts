// SQL fragments the alarms module offers to modules that compose one query across modules (site
// cards, dashboard overview), so that no other module names the alarm tables.
import { type SQLWrapper, sql } from 'drizzle-orm';

/** Open (not resolved) alarms of one site; `companyId` and `siteId` are columns of the outer query. */
export const alarmsCountOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from alarms al where al.company_id = ${companyId} and al.site_id = ${siteId} and al.status <> 'resolved')`;

/** Every alarm of one site, resolved ones included: its history, which blocks deleting the site. */
export const alarmsHistoryOfSite = (companyId: SQLWrapper, siteId: SQLWrapper) =>
  sql<number>`(select count(*)::int from alarms al where al.company_id = ${companyId} and al.site_id = ${siteId})`;

/** Whether one alarm is still open (not resolved); `companyId` and `alarmId` are of the outer query. */
export const alarmIsOpen = (companyId: SQLWrapper, alarmId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from alarms al where al.company_id = ${companyId} and al.id = ${alarmId} and al.status <> 'resolved')`;

/** Whether one alarm exists in the company; `companyId` and `alarmId` are of the outer query. */
export const alarmExists = (companyId: SQLWrapper, alarmId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from alarms al where al.company_id = ${companyId} and al.id = ${alarmId})`;

/**
 * The company's alarms as a relation, for a module that reports on them (reports: statistics,
 * exports): `from ${alarmsOfCompany(id)} a` reads as `from alarms a` with the company's filter (the
 * planner pulls the subquery up: same plans, same indexes).
 */
export const alarmsOfCompany = (companyId: string) =>
  sql`(select * from alarms al where al.company_id = ${companyId})`;

/** One alarm's timeline as JSON (kind, at, by; oldest first); `companyId`, `alarmId` of the outer query. */
export const alarmTimelineJson = (companyId: SQLWrapper, alarmId: SQLWrapper) =>
  sql`(select json_agg(json_build_object('kind', e.kind, 'at', e.created_at, 'by', e.author_name) order by e.id)
         from alarm_events e where e.company_id = ${companyId} and e.alarm_id = ${alarmId})`;

/**
 * The counts kept by triggers (migration 0011) with the deltas not yet folded into them (migration
 * 0038, docs/decisions/0020): a reader adds both in one statement, so its figures are exact.
 * Conditions on the outer alias reach both branches (the planner pushes them into a UNION ALL).
 */
export const keptAlarmCounts = sql`(select company_id, bucket, severity, n from alarm_counts
  union all select company_id, bucket, severity, n from alarm_count_deltas)`;
export const keptAlarmStatusCounts = sql`(select company_id, status, severity, n from alarm_status_counts
  union all select company_id, status, severity, n from alarm_status_count_deltas)`;

/**
 * Alarm figures for the dashboard, as one json object: alarms raised today (in `timezone`), active
 * critical ones, the 5 latest, and per day over the last 7 days (oldest first) the count per
 * severity. The panels' availability comes from their heartbeats (integrations.sql.ts).
 */
export const alarmsOverviewSql = (companyId: string, timezone: string) => sql`(
  select json_build_object(
    -- The counters and the chart read the counts kept by triggers (migration 0011), not the alarms.
    'today', (select coalesce(sum(c.n), 0) from ${keptAlarmCounts} c where c.company_id = ${companyId}
               and c.bucket >= date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone}),
    'critical', (select coalesce(sum(c.n), 0) from ${keptAlarmStatusCounts} c where c.company_id = ${companyId}
                  and c.status = 'active' and c.severity = 'critical'),
    'recent', coalesce((
      select json_agg(r) from (
        select a.id, a.title, a.description, a.severity, a.location, a.triggered_at as time
          from alarms a where a.company_id = ${companyId}
         order by a.triggered_at desc nulls last, a.id desc nulls last
         limit 5
      ) r), '[]'::json),
    'perDay', (
      select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'),
               'critical', coalesce(d.critical, 0), 'high', coalesce(d.high, 0),
               'medium', coalesce(d.medium, 0), 'low', coalesce(d.low, 0)) order by g.day)
        from generate_series(date_trunc('day', now() at time zone ${timezone}) - interval '6 days',
                             date_trunc('day', now() at time zone ${timezone}), interval '1 day') as g(day)
        left join (
          select date_trunc('day', c.bucket at time zone ${timezone}) as day,
                 sum(c.n) filter (where c.severity = 'critical') as critical,
                 sum(c.n) filter (where c.severity = 'high') as high,
                 sum(c.n) filter (where c.severity = 'medium') as medium,
                 sum(c.n) filter (where c.severity = 'low') as low
            from ${keptAlarmCounts} c
           where c.company_id = ${companyId}
             and c.bucket >= (date_trunc('day', now() at time zone ${timezone}) - interval '6 days') at time zone ${timezone}
           group by 1
        ) d on d.day = g.day)
  ))`;

/**
 * The times the alarms' files keep (issue 34), one row per alarm of the company, for the reports:
 * received (triggered_at), first shown, taken in charge (and by whom), decision (the last one written)
 * and closed. Read as `from ${alarmFileTimesOfCompany(id)} x`.
 */
export const alarmFileTimesOfCompany = (companyId: string) =>
  sql`(select al.id, al.site_id, al.triggered_at, al.acknowledged_at as taken_at, al.acknowledged_by as taken_by,
          al.resolved_at as closed_at,
          (select min(f.created_at) from alarm_file_entries f
            where f.company_id = al.company_id and f.alarm_id = al.id and f.kind = 'shown') as first_shown_at,
          (select max(f.created_at) from alarm_file_entries f
            where f.company_id = al.company_id and f.alarm_id = al.id and f.kind = 'decision') as decision_at
     from alarms al where al.company_id = ${companyId})`;
