// A new alarm's notification as one statement over the alarms just inserted, run in their
// transaction: a group of alarms created together (group commit) adds one statement to its round
// trip, whatever its size, and an alarm rolled back tells no one.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifySql } from '../notifications/notifications.sql';
import { siteNameOf } from '../sites/sites.sql';
import { newAlarmTitles } from './alarm-notifications';

// A French message (locales/<language>/notifications.json), its values written by the statement.
const NEW_ALARM_BODY = 'Site : {site}\nEmplacement : {location}\n{description}';

/**
 * The statement telling of the alarms `ids`, with the severity of theirs: critical → critical,
 * high → warning, medium and low → info (those that exist: a refused one is simply absent).
 * Equipment faults (camera offline, technical) are maintenance notifications, which users may
 * switch off.
 */
export function newAlarmsNotificationSql(companyId: string, ids: string[], now = new Date()) {
  const source = sql`
    select case when a.type in ('camera_offline', 'technical') then 'maintenance.' || a.type
                else 'alarm.' || a.type end as kind,
           case a.severity when 'critical' then 'critical' when 'high' then 'warning' else 'info' end as severity,
           ${JSON.stringify(newAlarmTitles)}::jsonb ->> a.severity as title,
           jsonb_build_object('title', a.title) as title_values,
           ${NEW_ALARM_BODY}::text as body,
           jsonb_build_object('site', coalesce(${siteNameOf(sql`a.company_id`, sql`a.site_id`)}, '—'),
                              'location', a.location, 'description', a.description) as body_values,
           '/dashboard/alarms?alarm=' || a.id as link,
           'alarm.created:' || a.id as dedupe_key,
           false as in_app, '[]'::jsonb as user_ids, '["admin", "operator"]'::jsonb as roles
      from alarms a
     where a.company_id = ${companyId}::uuid and a.id = any(${`{${ids.join(',')}}`}::uuid[])`;
  return notifySql(companyId, source, now);
}

/** Tells of the alarms `ids` in the caller's transaction (newAlarmsNotificationSql). */
export async function notifyNewAlarms(tx: Tx, companyId: string, ids: string[]) {
  await tx.execute(newAlarmsNotificationSql(companyId, ids));
}
