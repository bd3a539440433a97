// The section « Temps de traitement des alarmes » of the reports that cover alarms (issue 34): for
// the report's period and site, the count of alarms and, from their reception, the median and 90th
// percentile of the delay to their first showing to an operator, their taking in charge, the
// decision and the closing — overall, per site and per operator. The same groups as
// GET /api/reports/alarm-times (one statement, alarm-times.repository.ts), read in one short
// transaction: a few hundred rows at most (sites and operators), so one page.
import type { AlarmTimesRow } from '../alarm-times.repository';
import {
  ALL_ALARMS,
  type AlarmTimesGroups,
  alarmTimesGroups,
  type LabelledTimes,
} from '../alarm-times.service';
import type { Cell, DocumentNote } from '../document/types';
import { localSpec, type Scope, say, type TableSource } from './source';

export const ALARM_TIMES_TITLE = 'Temps de traitement des alarmes';
export const ALARM_TIMES_EMPTY = 'Aucune alarme traitée sur la période.';

const steps: [string, keyof AlarmTimesRow, keyof AlarmTimesRow][] = [
  ['Présentation', 'to_shown_p50', 'to_shown_p90'],
  ['Prise en charge', 'to_taken_p50', 'to_taken_p90'],
  ['Décision', 'to_decision_p50', 'to_decision_p90'],
  ['Clôture', 'to_closed_p50', 'to_closed_p90'],
];

/** The labels the groups are given when no name fits (the others are sites' and people's names). */
const fixedLabels = new Set([ALL_ALARMS, 'Site supprimé', 'Non prise en charge']);

const line = (s: Scope, grouping: string, { label, row }: LabelledTimes): Cell[] => [
  say(s, grouping),
  fixedLabels.has(label) ? say(s, label) : label,
  row.alarms,
  ...steps.flatMap(([, median, p90]) => [row[median] as number | null, row[p90] as number | null]),
];

/** The rows in reading order: the overall row, then the sites, then the operators. */
export function alarmTimesLines(groups: AlarmTimesGroups, s: Scope): Cell[][] {
  if (!groups.overall) return [];
  return [
    line(s, 'Ensemble', groups.overall),
    ...groups.bySite.map((g) => line(s, 'Site', g)),
    ...groups.byOperator.map((g) => line(s, 'Opérateur', g)),
  ];
}

export function alarmTimesTable(s: Scope): TableSource {
  let read = 0;
  return {
    spec: localSpec(s, {
      title: ALARM_TIMES_TITLE,
      empty: ALARM_TIMES_EMPTY,
      columns: [
        { header: 'Regroupement', kind: 'text', width: 10 },
        { header: 'Site ou opérateur', kind: 'text', width: 20 },
        { header: 'Alarmes', kind: 'number', width: 7 },
        // Two lines in the PDF's header (the step, then the figure), one in the spreadsheet's.
        ...steps.flatMap(([step]) => [
          { header: `${step}\nmédiane`, kind: 'duration' as const, width: 10 },
          { header: `${step}\n90e centile`, kind: 'duration' as const, width: 10 },
        ]),
      ],
    }),
    async page(after) {
      // One page holds it all: the second call is the end.
      if (after) return { rows: [], last: null };
      const groups = await s.db.withTenant(s.companyId, (tx) =>
        alarmTimesGroups(tx, s.companyId, s.period, s.siteId),
      );
      const rows = alarmTimesLines(groups, s);
      read = rows.length;
      return { rows, last: rows.length > 0 ? ['end'] : null };
    },
    async notes(): Promise<DocumentNote[]> {
      // An empty period says so under the header (the table's `empty`), nothing more.
      if (read === 0) return [];
      return [
        {
          tone: 'info',
          text: say(
            s,
            "Délais comptés depuis la réception de l'alarme. Médiane : la moitié des alarmes a été traitée plus vite. " +
              '90e centile : 9 alarmes sur 10 ont été traitées plus vite. « Non prise en charge » regroupe les alarmes ' +
              "qu'aucun opérateur n'a prises en charge ; un tiret signale une étape qu'aucune alarme du groupe n'a atteinte.",
          ),
        },
      ];
    },
  };
}
