// The attendance report's « Rondes »: per site, the rounds planned in the period and what became of
// them, then each round missed or late with its agent and the checkpoints nobody scanned
// (round-tables.repository.ts reads them).
import { roundStatusLabels } from '@vigie/contract/guard-tours.contract';
import type { Cell } from '../document/types';
import { missedOrLateRoundRows, roundsPerSiteRows } from './round-tables.repository';
import { asDate, localSpec, type Scope, say, type TableSource } from './source';

export function roundsPerSite(s: Scope): TableSource {
  return {
    spec: localSpec(s, {
      title: 'Rondes',
      empty: 'Aucune ronde sur la période.',
      columns: [
        { header: 'Site', kind: 'text', width: 24 },
        { header: 'Rondes prévues', kind: 'number', width: 10 },
        { header: 'Effectuées', kind: 'number', width: 10 },
        { header: 'Manquées', kind: 'number', width: 10 },
        { header: 'En retard', kind: 'number', width: 10 },
        { header: 'Taux de réalisation', kind: 'percent', width: 12 },
      ],
    }),
    async page(after) {
      // One row a site: a single page.
      if (after) return { rows: [], last: null };
      const rows = await roundsPerSiteRows(s);
      const out = rows.map((r): Cell[] => {
        // As the tours' statistics: done among the rounds that ended (open ones are not failures yet).
        const finished = r.done + r.missed;
        return [
          r.site_name,
          r.planned,
          r.done,
          r.missed,
          r.late,
          finished > 0 ? Math.round((r.done / finished) * 1000) / 10 : null,
        ];
      });
      return { rows: out, last: rows.length > 0 ? ['all'] : null };
    },
  };
}

export function roundsMissedOrLate(s: Scope): TableSource {
  return {
    spec: localSpec(s, {
      title: 'Rondes manquées ou en retard',
      empty: 'Aucune ronde manquée ni en retard sur la période.',
      columns: [
        { header: 'Prévue le', kind: 'datetime', width: 13 },
        { header: 'Site', kind: 'text', width: 14 },
        { header: 'Ronde', kind: 'text', width: 16 },
        { header: 'Agent', kind: 'text', width: 14 },
        { header: 'Statut', kind: 'text', width: 8 },
        { header: 'Retard', kind: 'text', width: 20, wrap: true },
        { header: 'Démarrée le', kind: 'datetime', width: 13 },
        { header: 'Terminée le', kind: 'datetime', width: 13 },
        { header: 'Points non scannés', kind: 'text', width: 29, wrap: true },
      ],
    }),
    async page(after) {
      const rows = await missedOrLateRoundRows(s, after);
      const out = rows.map((r): Cell[] => [
        asDate(r.planned_at),
        r.site_name,
        r.tour_name,
        r.agent_name ?? say(s, 'Aucun agent'),
        say(s, roundStatusLabels[r.status] ?? r.status),
        [
          r.late_alerted_at ? say(s, "Non démarrée à l'heure") : null,
          r.overdue_alerted_at ? say(s, 'Durée dépassée') : null,
        ]
          .filter(Boolean)
          .join(', ') || null,
        asDate(r.started_at),
        asDate(r.finished_at),
        r.missed_points,
      ]);
      const last = rows.at(-1);
      return { rows: out, last: last ? [last.key_at, last.id] : null };
    },
  };
}
