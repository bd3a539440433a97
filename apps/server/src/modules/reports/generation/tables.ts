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
import { dateTimeText } from '../document/format';
import type { Cell } from '../document/types';
import { alarmTimesTable } from './alarm-times-table';
import { logbookTables } from './logbook-tables';
import { roundsMissedOrLate, roundsPerSite } from './round-tables';
import { asDate, localSpec, type Scope, say, type TableSource } from './source';
import { type AlarmRow, accessLogRows, alarmRows, cameraRows, shiftRows } from './tables.repository';

export { MAX_TABLE_ROWS, PAGE_ROWS } from './source';

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, (to.getTime() - from.getTime()) / 1000) : null;

function alarms(s: Scope): TableSource {
  const lang = s.language ?? 'fr';
  return {
    spec: localSpec(s, {
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
    }),
    async page(after) {
      const rows = await alarmRows(s, after);
      const out = rows.map((r): Cell[] => {
        const at = asDate(r.triggered_at) as Date;
        const timeline = typeof r.timeline === 'string' ? JSON.parse(r.timeline) : (r.timeline ?? []);
        const story = (timeline as NonNullable<Exclude<AlarmRow['timeline'], string>>)
          .map(
            (e) =>
              `${dateTimeText(lang, new Date(e.at), s.period.timezone)} ${say(s, alarmActionLabels[e.kind] ?? e.kind)} (${e.by})`,
          )
          .join(lang === 'fr' ? ' ; ' : '; ');
        return [
          at,
          r.site_name,
          r.title,
          say(s, alarmTypeLabels[r.type] ?? r.type),
          say(s, alarmSeverityLabels[r.severity] ?? r.severity),
          say(s, alarmStatusLabels[r.status] ?? r.status),
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

function attendance(s: Scope): TableSource {
  return {
    spec: localSpec(s, {
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
    }),
    async page(after) {
      const rows = await shiftRows(s, after);
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
          say(s, r.status),
        ];
      });
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, last.id] : null };
    },
  };
}

function accessLogs(s: Scope, refusedOnly: boolean): TableSource {
  return {
    spec: localSpec(s, {
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
    }),
    async page(after) {
      const rows = await accessLogRows(s, refusedOnly, after);
      const out = rows.map((r): Cell[] => [
        asDate(r.at),
        r.person_name,
        r.badge_number,
        r.site_name,
        r.point_name,
        r.access_type === 'nfc' ? 'NFC' : 'QR Code',
        say(s, r.status),
        r.reason === null ? null : say(s, r.reason),
      ]);
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, String(last.id)] : null };
    },
  };
}

function cameras(s: Scope): TableSource {
  return {
    spec: localSpec(s, {
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
    }),
    async page(after) {
      const rows = await cameraRows(s, after);
      const out = rows.map((r): Cell[] => [
        r.name,
        r.site_name,
        r.location,
        say(s, r.status),
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

/** What each report type of the generation dialog holds, and the main courante (one table a site). */
export async function tablesOf(type: ReportType, scope: Scope): Promise<TableSource[]> {
  switch (type) {
    case 'security':
      return [
        alarms(scope),
        alarmTimesTable(scope),
        accessLogs(scope, true),
        cameras(scope),
        attendance(scope),
      ];
    case 'incidents':
    case 'alarms':
      return [alarms(scope), alarmTimesTable(scope)];
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
