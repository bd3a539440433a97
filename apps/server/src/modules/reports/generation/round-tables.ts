// The attendance report's « Rondes »: per site, the rounds planned in the period and what became of
// them, then each round missed or late with its agent and the checkpoints nobody scanned. Read from
// the guard tour tables (migration 0023) like the other tables read theirs.
import { type RoundStatus, roundStatusLabels } from '@vigie/contract/guard-tours.contract';
import { sql } from 'drizzle-orm';
import type { Cell } from '../document/types';
import { asDate, PAGE_ROWS, read, type Scope, siteFilter, type TableSource } from './source';

interface SiteRounds {
  site_id: string;
  site_name: string;
  planned: number;
  done: number;
  missed: number;
  late: number;
}

export function roundsPerSite(s: Scope): TableSource {
  return {
    spec: {
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
    },
    async page(after) {
      // One row a site: a single page.
      if (after) return { rows: [], last: null };
      const rows = await read<SiteRounds>(
        s,
        sql`select r.site_id, st.name as site_name, count(*)::int as planned,
                   (count(*) filter (where r.status = 'done'))::int as done,
                   (count(*) filter (where r.status = 'missed'))::int as missed,
                   (count(*) filter (where r.late_alerted_at is not null or r.overdue_alerted_at is not null))::int as late
              from tour_rounds r join sites st on st.company_id = r.company_id and st.id = r.site_id
             where r.company_id = ${s.companyId} and r.planned_at >= ${s.period.from.toISOString()}::timestamptz
               and r.planned_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`r.site_id`, s.siteId)}
             group by r.site_id, st.name order by st.name, r.site_id`,
      );
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

interface RoundRow {
  id: string;
  planned_at: Date | string;
  /** The keyset's time as the database writes it (microseconds: a Date would cut them). */
  key_at: string;
  site_name: string;
  tour_name: string;
  agent_name: string | null;
  status: RoundStatus;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  late_alerted_at: Date | string | null;
  overdue_alerted_at: Date | string | null;
  missed_points: string | null;
}

export function roundsMissedOrLate(s: Scope): TableSource {
  return {
    spec: {
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
    },
    async page(after) {
      const rows = await read<RoundRow>(
        s,
        sql`select r.id, r.planned_at, r.planned_at::text as key_at, st.name as site_name, t.name as tour_name, r.agent_name, r.status,
                   r.started_at, r.finished_at, r.late_alerted_at, r.overdue_alerted_at,
                   case when r.status = 'missed' then (
                     select string_agg(c.name, ', ' order by c.position) from tour_checkpoints c
                      where c.company_id = r.company_id and c.tour_id = r.tour_id
                        and not exists (select 1 from tour_scans x where x.company_id = c.company_id
                                           and x.round_id = r.id and x.checkpoint_id = c.id)) end as missed_points
              from tour_rounds r
              join tours t on t.company_id = r.company_id and t.id = r.tour_id
              join sites st on st.company_id = r.company_id and st.id = r.site_id
             where r.company_id = ${s.companyId} and r.planned_at >= ${s.period.from.toISOString()}::timestamptz
               and r.planned_at < ${s.period.to.toISOString()}::timestamptz ${siteFilter(sql`r.site_id`, s.siteId)}
               and (r.status = 'missed' or r.late_alerted_at is not null or r.overdue_alerted_at is not null)
               ${after ? sql`and (r.planned_at, r.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
             order by r.planned_at, r.id limit ${PAGE_ROWS}`,
      );
      const out = rows.map((r): Cell[] => [
        asDate(r.planned_at),
        r.site_name,
        r.tour_name,
        r.agent_name ?? 'Aucun agent',
        roundStatusLabels[r.status] ?? r.status,
        [r.late_alerted_at ? "Non démarrée à l'heure" : null, r.overdue_alerted_at ? 'Durée dépassée' : null]
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
