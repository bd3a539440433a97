// The reader API's two round trips: one prepared read of everything a decision needs, and one write
// of the log line with its real-time event (and the point's last activity), each a single message
// with the company setting (db.readTenant / db.writeTenant). A door must open at once.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StoredTimeWindow } from '../../db/schema';
import { companyTimezoneOf } from '../companies/companies.sql';
import { eventRowsOf, notifyEventsOf } from '../events/events.sql';
import { siteNameOf } from '../sites/sites.sql';
import type { NewLog } from './logs.repository';

export interface CheckPoint {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  status: 'Actif' | 'Maintenance' | 'Hors service';
}

export interface CheckBadge {
  id: string;
  number: string;
  type: 'qrcode' | 'nfc';
  holderName: string;
  department: string | null;
  expiresOn: string | null;
  status: 'Actif' | 'Suspendu';
  qrVersion: number;
  allowedPointIds: string[];
  allowedSiteIds: string[];
  timeWindows: StoredTimeWindow[];
}

/** The point, the company's timezone and the badge named by id (QR) or by NFC UID, if any. */
export async function readCheckFacts(
  db: Database,
  companyId: string,
  pointId: string,
  badge: { id: string } | { uid: string } | null,
) {
  const badgeWhere =
    badge === null
      ? sql`false`
      : 'id' in badge
        ? sql`b.id = ${badge.id} and b.type = 'qrcode'`
        : sql`b.nfc_uid = ${badge.uid} and b.type = 'nfc'`;
  const [row] = await db.readTenant<{ point: CheckPoint; timezone: string; badge: CheckBadge | null }>(
    companyId,
    sql`select json_build_object('id', p.id, 'name', p.name, 'siteId', p.site_id, 'status', p.status,
                 'siteName', ${siteNameOf(sql`p.company_id`, sql`p.site_id`)}) as "point",
               ${companyTimezoneOf(companyId)} as "timezone",
               (select json_build_object('id', b.id, 'number', b.number, 'type', b.type,
                       'holderName', b.holder_name, 'department', b.department, 'expiresOn', b.expires_on,
                       'status', b.status, 'qrVersion', b.qr_version, 'allowedPointIds', b.allowed_point_ids,
                       'allowedSiteIds', b.allowed_site_ids, 'timeWindows', b.time_windows)
                  from badges b where b.company_id = ${companyId} and ${badgeWhere}) as "badge"
          from access_points p where p.company_id = ${companyId} and p.id = ${pointId}`,
  );
  return row;
}

export type CheckLine = Required<Omit<NewLog, 'id' | 'searchText'>>;

/**
 * Writes the lines of concurrent checks of one company (db/group-commit.ts) in one statement, with
 * their 'access.logged' events and NOTIFY, and their points' last activity (at most every 10 s: a
 * busy turnstile must not rewrite its row at every pass). One round trip for the whole group.
 */
export async function writeChecks(db: Database, companyId: string, lines: CheckLine[]) {
  const input = JSON.stringify(
    lines.map((v, k) => ({
      k,
      at: v.at.toISOString(),
      point_id: v.pointId,
      point_name: v.pointName,
      site_id: v.siteId,
      site_name: v.siteName,
      badge_id: v.badgeId,
      badge_number: v.badgeNumber,
      person_name: v.personName,
      department: v.department,
      access_type: v.accessType,
      status: v.status,
      reason: v.reason,
    })),
  );
  const latest = new Map<string, Date>();
  for (const v of lines)
    if (v.pointId && !(v.at <= (latest.get(v.pointId) ?? new Date(0)))) latest.set(v.pointId, v.at);
  const touches = [...latest].map(
    ([pointId, at]) => sql`update access_points set last_activity_at = ${at}
       where company_id = ${companyId} and id = ${pointId}
         and (last_activity_at is null or last_activity_at < ${at}::timestamptz - interval '10 seconds')`,
  );
  return db.writeTenant<{ id: string }>(
    companyId,
    sql`with l as (
          insert into access_logs (company_id, at, point_id, point_name, site_id, site_name, badge_id,
                                   badge_number, person_name, department, access_type, status, reason)
          select ${companyId}::uuid, r.at, r.point_id, r.point_name, r.site_id, r.site_name, r.badge_id,
                 r.badge_number, r.person_name, r.department, r.access_type, r.status, r.reason
            from jsonb_to_recordset(${input}::jsonb) as r(k int, at timestamptz, point_id uuid,
                 point_name text, site_id uuid, site_name text, badge_id uuid, badge_number text,
                 person_name text, department text, access_type text, status text, reason text)
           order by r.k
          returning *
        ),
        pub as (${eventRowsOf(
          sql`l`,
          'access.logged',
          sql`jsonb_build_object('id', r.id::text, 'personName', r.person_name, 'status', r.status,
                'timestamp', r.at, 'siteId', r.site_id, 'siteName', r.site_name, 'badgeId', r.badge_number,
                'department', r.department, 'location', r.point_name, 'accessType', r.access_type,
                'reason', r.reason)`,
        )}),
        n as (${notifyEventsOf(sql`pub`)})
        select l.id::text as "id", (select count(*) from n) as "notified" from l`,
    touches,
  );
}
