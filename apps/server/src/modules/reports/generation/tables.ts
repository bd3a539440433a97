// The tables of each report type, read in keyset pages (each page its own short transaction), so a
// period of 100,000 alarms never sits whole in memory: a page is sent to the document thread and
// dropped before the next is read.
import {
  alarmActionLabels,
  alarmSeverityLabels,
  alarmStatusLabels,
  alarmTypeLabels,
} from '@vigie/contract/alarms.contract';
import type { ReportType } from '@vigie/contract/reports.contract';
import { sql } from 'drizzle-orm';
import { frenchDateTime } from '../../alarms/french-date-time';
import type { Cell } from '../document/types';
import { logbookTables } from './logbook-tables';
import { roundsMissedOrLate, roundsPerSite } from './round-tables';
import { asDate, PAGE_ROWS, read, type Scope, siteFilter, type TableSource } from './source';

export { MAX_TABLE_ROWS, PAGE_ROWS } from './source';

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, (to.getTime() - from.getTime()) / 1000) : null;

interface AlarmRow {
  id: string;
  triggered_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  site_name: string | null;
  title: string;
  type: keyof typeof alarmTypeLabels;
  severity: keyof typeof alarmSeverityLabels;
  status: keyof typeof alarmStatusLabels;
  acknowledged_at: Date | string | null;
  resolved_at: Date | string | null;
  timeline: { kind: keyof typeof alarmActionLabels; at: string; by: string }[] | string | null;
}

function alarms(s: Scope): TableSource {
  return {
    spec: {
      title: 'Alarmes',
      empty: 'Aucune alarme sur la période.',
      columns: [
        { header: 'Déclenchée le', kind: 'datetime', width: 15 },
        { header: 'Site', kind: 'text', width: 16 },
        { header: 'Alarme', kind: 'text', width: 22 },
        { header: 'Type', kind: 'text', width: 12 },
        { header: 'Gravité', kind: 'text', width: 9 },
        { header: 'Statut', kind: 'text', width: 9 },
        { header: 'Temps de réponse', kind: 'duration', width: 11 },
        { header: 'Résolue le', kind: 'datetime', width: 15 },
        { header: 'Chronologie', kind: 'text', width: 40, wrap: true },
      ],
    },
    async page(after) {
      const rows = await read<AlarmRow>(
        s,
        sql`select a.id, a.triggered_at, a.triggered_at::text as key_at, st.name as site_name, a.title, a.type, a.severity, a.status,
                   coalesce(a.acknowledged_at, a.resolved_at) as acknowledged_at, a.resolved_at,
                   (select json_agg(json_build_object('kind', e.kind, 'at', e.created_at, 'by', e.author_name) order by e.id)
                      from alarm_events e where e.company_id = a.company_id and e.alarm_id = a.id) as timeline
              from alarms a left join sites st on st.company_id = a.company_id and st.id = a.site_id
             where a.company_id = ${s.companyId} and a.triggered_at >= ${s.period.from.toISOString()}::timestamptz
               and a.triggered_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`a.site_id`, s.siteId)}
               ${after ? sql`and (a.triggered_at, a.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
             order by a.triggered_at, a.id limit ${PAGE_ROWS}`,
      );
      const out = rows.map((r): Cell[] => {
        const at = asDate(r.triggered_at) as Date;
        const timeline = typeof r.timeline === 'string' ? JSON.parse(r.timeline) : (r.timeline ?? []);
        const story = (timeline as NonNullable<Exclude<AlarmRow['timeline'], string>>)
          .map(
            (e) =>
              `${frenchDateTime(new Date(e.at), s.period.timezone)} ${alarmActionLabels[e.kind] ?? e.kind} (${e.by})`,
          )
          .join(' ; ');
        return [
          at,
          r.site_name,
          r.title,
          alarmTypeLabels[r.type] ?? r.type,
          alarmSeverityLabels[r.severity] ?? r.severity,
          alarmStatusLabels[r.status] ?? r.status,
          seconds(at, asDate(r.acknowledged_at)),
          asDate(r.resolved_at),
          story,
        ];
      });
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, last.id] : null };
    },
  };
}

interface ShiftRow {
  id: string;
  starts_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  ends_at: Date | string;
  agent_name: string | null;
  site_name: string | null;
  status: string;
  clock_in_at: Date | string | null;
  clock_out_at: Date | string | null;
}

function attendance(s: Scope): TableSource {
  return {
    spec: {
      title: 'Présences',
      empty: 'Aucune garde sur la période.',
      columns: [
        { header: 'Agent', kind: 'text', width: 18 },
        { header: 'Site', kind: 'text', width: 18 },
        { header: 'Début prévu', kind: 'datetime', width: 15 },
        { header: 'Fin prévue', kind: 'datetime', width: 15 },
        { header: 'Arrivée', kind: 'datetime', width: 15 },
        { header: 'Départ', kind: 'datetime', width: 15 },
        { header: 'Retard', kind: 'duration', width: 10 },
        { header: 'Temps de présence', kind: 'duration', width: 12 },
        { header: 'Statut', kind: 'text', width: 10 },
      ],
    },
    async page(after) {
      const rows = await read<ShiftRow>(
        s,
        sql`select sh.id, sh.starts_at, sh.starts_at::text as key_at, sh.ends_at, ag.name as agent_name, st.name as site_name, sh.status,
                   sh.clock_in_at, sh.clock_out_at
              from shifts sh
              left join agents ag on ag.company_id = sh.company_id and ag.id = sh.agent_id
              left join sites st on st.company_id = sh.company_id and st.id = sh.site_id
             where sh.company_id = ${s.companyId} and sh.starts_at >= ${s.period.from.toISOString()}::timestamptz
               and sh.starts_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`sh.site_id`, s.siteId)}
               ${after ? sql`and (sh.starts_at, sh.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
             order by sh.starts_at, sh.id limit ${PAGE_ROWS}`,
      );
      const out = rows.map((r): Cell[] => {
        const start = asDate(r.starts_at) as Date;
        const clockIn = asDate(r.clock_in_at);
        const clockOut = asDate(r.clock_out_at);
        const late = clockIn ? Math.max(0, (clockIn.getTime() - start.getTime()) / 1000) : null;
        return [
          r.agent_name,
          r.site_name,
          start,
          asDate(r.ends_at),
          clockIn,
          clockOut,
          late,
          seconds(clockIn, clockOut),
          r.status,
        ];
      });
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, last.id] : null };
    },
  };
}

interface LogRow {
  id: number | string;
  at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  person_name: string;
  badge_number: string | null;
  site_name: string;
  point_name: string;
  access_type: 'qrcode' | 'nfc';
  status: string;
  reason: string | null;
}

function accessLogs(s: Scope, refusedOnly: boolean): TableSource {
  return {
    spec: {
      title: refusedOnly ? 'Accès refusés' : "Tentatives d'accès",
      empty: refusedOnly ? 'Aucun accès refusé sur la période.' : "Aucune tentative d'accès sur la période.",
      columns: [
        { header: 'Date et heure', kind: 'datetime', width: 15 },
        { header: 'Personne', kind: 'text', width: 18 },
        { header: 'Badge', kind: 'text', width: 12 },
        { header: 'Site', kind: 'text', width: 16 },
        { header: "Point d'accès", kind: 'text', width: 16 },
        { header: 'Type', kind: 'text', width: 8 },
        { header: 'Décision', kind: 'text', width: 9 },
        { header: 'Motif', kind: 'text', width: 22 },
      ],
    },
    async page(after) {
      const rows = await read<LogRow>(
        s,
        sql`select l.id, l.at, l.at::text as key_at, l.person_name, l.badge_number, l.site_name, l.point_name, l.access_type, l.status, l.reason
              from access_logs l
             where l.company_id = ${s.companyId} and l.at >= ${s.period.from.toISOString()}::timestamptz
               and l.at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`l.site_id`, s.siteId)}
               ${refusedOnly ? sql`and l.status = 'Refusé'` : sql``}
               ${after ? sql`and (l.at, l.id) > (${after[0]}::timestamptz, ${after[1]}::bigint)` : sql``}
             order by l.at, l.id limit ${PAGE_ROWS}`,
      );
      const out = rows.map((r): Cell[] => [
        asDate(r.at),
        r.person_name,
        r.badge_number,
        r.site_name,
        r.point_name,
        r.access_type === 'nfc' ? 'NFC' : 'QR Code',
        r.status,
        r.reason,
      ]);
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, String(last.id)] : null };
    },
  };
}

interface CameraRow {
  id: string;
  name: string;
  site_name: string | null;
  location: string;
  status: string;
  probes: number;
  ok_probes: number;
  latency_sum: number | null;
  last_probed_at: Date | string | null;
}

function cameras(s: Scope): TableSource {
  return {
    spec: {
      title: 'Disponibilité des caméras',
      empty: 'Aucune caméra.',
      columns: [
        { header: 'Caméra', kind: 'text', width: 18 },
        { header: 'Site', kind: 'text', width: 16 },
        { header: 'Emplacement', kind: 'text', width: 16 },
        { header: 'État actuel', kind: 'text', width: 10 },
        { header: 'Mesures', kind: 'number', width: 9 },
        { header: 'Réussies', kind: 'number', width: 9 },
        { header: 'Disponibilité', kind: 'percent', width: 10 },
        { header: 'Latence moyenne (ms)', kind: 'number', width: 12 },
        { header: 'Dernière mesure', kind: 'datetime', width: 15 },
      ],
    },
    async page(after) {
      const from = s.period.from.toISOString();
      const to = s.period.to.toISOString();
      const rows = await read<CameraRow>(
        s,
        sql`select c.id, c.name, st.name as site_name, c.location, c.status,
                   coalesce(p.probes, 0)::int as probes, coalesce(p.ok_probes, 0)::int as ok_probes,
                   p.latency_sum::float8 as latency_sum, p.last_probed_at
              from cameras c
              left join sites st on st.company_id = c.company_id and st.id = c.site_id
              left join lateral (
                select sum(cp.probes) as probes, sum(cp.ok_probes) as ok_probes, sum(cp.latency_ms_sum) as latency_sum,
                       max(cp.last_probed_at) as last_probed_at
                  from camera_probes cp
                 where cp.company_id = c.company_id and cp.camera_id = c.id
                   and cp.bucket >= ${from}::timestamptz and cp.bucket < ${to}::timestamptz) p on true
             where c.company_id = ${s.companyId} ${siteFilter(sql`c.site_id`, s.siteId)}
               ${after ? sql`and c.id > ${after[0]}::uuid` : sql``}
             order by c.id limit ${PAGE_ROWS}`,
      );
      const out = rows.map((r): Cell[] => [
        r.name,
        r.site_name,
        r.location,
        r.status,
        r.probes,
        r.ok_probes,
        r.probes > 0 ? Math.round((r.ok_probes / r.probes) * 1000) / 10 : null,
        r.ok_probes > 0 && r.latency_sum !== null ? Math.round(r.latency_sum / r.ok_probes) : null,
        asDate(r.last_probed_at),
      ]);
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.id] : null };
    },
  };
}

/** Spec section 9's report types and what each holds, and the main courante (one table a site). */
export async function tablesOf(type: ReportType, scope: Scope): Promise<TableSource[]> {
  switch (type) {
    case 'security':
      return [alarms(scope), accessLogs(scope, true), cameras(scope), attendance(scope)];
    case 'incidents':
    case 'alarms':
      return [alarms(scope)];
    case 'attendance':
      return [attendance(scope), roundsPerSite(scope), roundsMissedOrLate(scope)];
    case 'logbook':
      return logbookTables(scope);
    case 'access':
      return [accessLogs(scope, false)];
    case 'cameras':
      return [cameras(scope)];
  }
}
