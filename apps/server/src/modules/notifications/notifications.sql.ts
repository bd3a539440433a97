// Telling people something, in one statement whatever the number of notifications and recipients:
// the bell's rows, one `notification.created` event per user told, and the deliveries each user's
// switches allow, queued as jobs (db/jobs.ts) that exist only if the caller's transaction commits.
// One statement because alarm creation runs at device rates: a group of alarms adds exactly one
// statement to its transaction (alarms/alarm-notifications.ts).
import { internationalPhonePattern } from '@vigie/contract/notifications.contract';
import { type SQL, sql } from 'drizzle-orm';
import { JOBS_CHANNEL } from '../../db/jobs';
import { notifyEventsOf } from '../events/events.sql';

/** Job kinds of the deliveries (handlers: delivery/deliver.ts). */
export const deliveryKinds = {
  email: 'notification.email',
  sms: 'notification.sms',
  push: 'notification.push',
} as const;

/**
 * Channels some app of this process can deliver (SMTP_URL, SMS_GATEWAY_URL; Web Push always): the
 * deliveries of the others are not queued, so that an install without e-mail does not churn a job
 * per alarm. Process-wide on purpose: notify() runs in a caller's transaction, far from the app.
 * Several apps of one process (tests) count together: a delivery is never lost, at worst dropped by
 * an app that lacks the channel.
 */
const configured = { email: 0, sms: 0 };

/** Declared by the delivery at start; the answer withdraws the declaration (at close). */
export function declareChannels(channels: { email: boolean; sms: boolean }) {
  if (channels.email) configured.email += 1;
  if (channels.sms) configured.sms += 1;
  return () => {
    if (channels.email) configured.email -= 1;
    if (channels.sms) configured.sms -= 1;
  };
}

/**
 * The statement. `source` selects the notifications to make, with the columns kind, severity,
 * title, title_values, body, body_values (French messages and their arguments, jsonb), link, dedupe_key, in_app (false: what the app already shows by itself, such as an
 * active alarm — stored as read, without event, and only where delivered), user_ids and roles
 * (jsonb arrays: who is told).
 * `at` is the moment the switches are judged at (weekends, in each user's timezone).
 *
 * Who gets what leaves the app: nothing when the user wants critical alerts only and this is not
 * one, when it is Saturday or Sunday where the user is and they switched weekends off, or when it
 * is about maintenance (kind `maintenance.*`) and they switched that off. Otherwise an e-mail if
 * e-mail is on; an SMS if SMS is on, the phone is international (E.164) and the notification is
 * not mere information (SMS cost money and interrupt); a push to each browser they subscribed if
 * push is on — each only when this process can deliver it (`declareChannels`).
 */
export function notifySql(companyId: string, source: SQL, at: Date): SQL {
  // `cand` is materialised once (its ids drawn then): each recipient of each notification, with
  // whether anything may leave the app for them. A notification the app does not show (in_app
  // false) is stored only for those it is delivered to: with no channel to use, nothing is written.
  return sql`
    with src as (${source}),
    cand as materialized (
      select gen_random_uuid() as nid, u.company_id, u.id as user_id, s.kind, s.severity, s.title, s.title_values,
             s.body, s.body_values,
             s.link, s.dedupe_key, s.in_app, u.notify_email, u.notify_sms, u.notify_push, u.phone,
             ((not u.notify_critical_only or s.severity = 'critical')
              and (u.notify_maintenance or s.kind not like 'maintenance.%')
              and (u.notify_weekends or vigie_local_isodow(${at.toISOString()}::timestamptz, u.timezone) < 6)) as outside
        from src s join users u on u.company_id = ${companyId}::uuid
         and (s.user_ids ? u.id::text or s.roles ? u.role)
    ),
    todo as (
      select c.nid, c.user_id, ${deliveryKinds.email}::text as kind, null::uuid as subscription_id
        from cand c where c.outside and c.notify_email and ${configured.email > 0}::boolean
      union all
      select c.nid, c.user_id, ${deliveryKinds.sms}::text, null::uuid
        from cand c
       where c.outside and c.notify_sms and c.severity <> 'info' and c.phone ~ ${internationalPhonePattern.source}::text
         and ${configured.sms > 0}::boolean
      union all
      select c.nid, c.user_id, ${deliveryKinds.push}::text, p.id
        from cand c join push_subscriptions p on p.company_id = ${companyId}::uuid and p.user_id = c.user_id
       where c.outside and c.notify_push
    ),
    ins as (
      insert into notifications (company_id, id, user_id, kind, severity, title, title_values, body, body_values,
                                 link, dedupe_key, read_at)
      select c.company_id, c.nid, c.user_id, c.kind, c.severity, c.title, c.title_values, c.body, c.body_values,
             c.link, c.dedupe_key,
             case when c.in_app then null else now() end
        from cand c where c.in_app or exists (select 1 from todo t where t.nid = c.nid)
      on conflict do nothing
      returning company_id, id, user_id, kind, severity, title, read_at
    ),
    pub as (
      insert into events (company_id, type, payload)
      select distinct on (i.user_id) i.company_id, 'notification.created',
             jsonb_build_object('id', i.id, 'userId', i.user_id, 'kind', i.kind, 'severity', i.severity, 'title', i.title)
        from ins i where i.read_at is null
       order by i.user_id, i.id
      returning company_id, id, type, payload, created_at
    ),
    woke as (${notifyEventsOf(sql`pub`)}),
    sent as (select t.* from todo t join ins i on i.id = t.nid),
    queued as (
      insert into queue.jobs (company_id, kind, payload)
      select ${companyId}::uuid, t.kind,
             jsonb_strip_nulls(jsonb_build_object('notificationId', t.nid, 'userId', t.user_id, 'subscriptionId', t.subscription_id))
        from sent t
    ),
    kick as (select pg_notify(${JOBS_CHANNEL}::text, '') from (select 1 from sent limit 1) x)
    select (select count(*) from ins)::int as told, (select count(*) from woke)::int as woke,
           (select count(*) from kick)::int as kicked`;
}

export interface SourceRow {
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  title_values: Record<string, unknown>;
  body: string;
  body_values: Record<string, unknown>;
  link: string | null;
  dedupe_key: string | null;
  in_app: boolean;
  user_ids: string[];
  roles: string[];
}

/** A source made of notifications described in JavaScript. */
export const rowsSource = (rows: SourceRow[]) => sql`
  select r.kind, r.severity, r.title, r.title_values, r.body, r.body_values, r.link, r.dedupe_key, r.in_app,
         r.user_ids, r.roles
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(kind text, severity text, title text,
         title_values jsonb, body text, body_values jsonb, link text, dedupe_key text, in_app boolean,
         user_ids jsonb, roles jsonb)`;
