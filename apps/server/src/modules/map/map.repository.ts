// The control room's map in one statement: each module contributes its own SQL fragment (sites,
// alarms, cameras, agents on duty and their positions, radios), as the dashboard's overview does.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarmsCountOfSite, alarmsOfCompany } from '../alarms/alarms.sql';
import { camerasCountOfSite } from '../cameras/cameras.sql';
import { busyAgentsOf, runningInterventionsJson } from '../interventions/interventions.sql';
import { agentNamesOf, agentsOnDutyOf, agentTrackJson } from '../planning/positions.sql';
import { locatedRadiosOf } from '../radio/radios/radios.sql';
import { locatedSitesOf, siteNamesOf } from '../sites/sites.sql';
import type { MapRow } from './map.models';

/** Open alarms drawn at most (the newest): a storm of alarms must not make the map unreadable. */
const MAX_ALARMS = 500;

/**
 * Sites, open alarms, agents on duty (busy or not), radios and running interventions with the
 * agent's track since acceptance, in one statement.
 */
export async function readMap(db: Database, companyId: string): Promise<MapRow> {
  const company = sql`${companyId}::uuid`;
  const [row] = await db.readTenant<{ map: MapRow }>(
    companyId,
    sql`select json_build_object(
      'sites', coalesce((select json_agg(x order by x.name, x.id) from (
          select s.id, s.name, s.address, s.lat, s.lng,
                 ${alarmsCountOfSite(company, sql`s.id`)} as "openAlarms",
                 ${camerasCountOfSite(company, sql`s.id`)} as cameras
            from ${locatedSitesOf(companyId)} s) x), '[]'::json),
      'alarms', coalesce((select json_agg(x) from (
          select a.id, a.title, a.severity, a.status, a.site_id as "siteId", s.name as "siteName",
                 s.lat, s.lng, a.triggered_at as "triggeredAt"
            from ${alarmsOfCompany(companyId)} a
            join ${locatedSitesOf(companyId)} s on s.id = a.site_id
           where a.status <> 'resolved'
           order by a.triggered_at desc, a.id desc
           limit ${MAX_ALARMS}) x), '[]'::json),
      'agents', coalesce((select json_agg(x order by x.name, x.id) from (
          select d.agent_id as id, d.name, sn.name as "siteName",
                 (d.agent_id in (select b.agent_id from ${busyAgentsOf(companyId)} b)) as busy,
                 case when use_radio then r.lat else d.lat end as lat,
                 case when use_radio then r.lng else d.lng end as lng,
                 case when use_radio then r.accuracy_m else d.accuracy_m end as "accuracyM",
                 case when use_radio then r.at else d.at end as "positionAt",
                 case when use_radio then 'radio' else 'phone' end as source
            from ${agentsOnDutyOf(companyId)} d
            left join ${siteNamesOf(companyId)} sn on sn.id = d.site_id
            -- The agent's radio, when it reported since the clock-in: nothing off duty.
            left join lateral (
              select lr.lat, lr.lng, lr.accuracy_m, lr.at from ${locatedRadiosOf(companyId)} lr
               where lr.agent_id = d.agent_id and lr.at >= d.clock_in_at
               order by lr.at desc limit 1) r on true
            cross join lateral (select r.at is not null and (d.at is null or r.at > d.at) as use_radio) u
           where d.at is not null or r.at is not null) x), '[]'::json),
      'radios', coalesce((select json_agg(x order by x."serialNumber", x.id) from (
          select r.id, r.serial_number as "serialNumber", an.name as "agentName", r.lat, r.lng,
                 r.at as "positionAt"
            from ${locatedRadiosOf(companyId)} r
            left join ${agentNamesOf(companyId)} an on an.id = r.agent_id) x), '[]'::json),
      'interventions', coalesce((select json_agg(json_build_object(
          'id', i.id, 'state', i.state, 'alarmId', i."alarmId", 'alarmTitle', al.title,
          'siteId', i."siteId", 'siteName', coalesce(sn.name, ''), 'agentId', i."agentId",
          'agentName', i."agentName", 'acceptedAt', i."acceptedAt", 'late', i.late,
          'track', case when i."acceptedAt" is null then '[]'::json
                   else ${agentTrackJson(company, sql`i."agentId"`, sql`i."acceptedAt"`)} end)
          order by i."proposedAt", i.id)
        from json_to_recordset(${runningInterventionsJson(companyId)}) as i(
          id uuid, state text, "alarmId" uuid, "siteId" uuid, "agentId" uuid, "agentName" text,
          "acceptedAt" timestamptz, "proposedAt" timestamptz, late text)
        left join ${siteNamesOf(companyId)} sn on sn.id = i."siteId"
        left join ${alarmsOfCompany(companyId)} al on al.id = i."alarmId"), '[]'::json),
      'generatedAt', now()
    ) as map`,
  );
  if (!row) throw new Error('map query returned nothing');
  return row.map;
}
