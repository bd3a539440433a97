// The main courante report's reads, from the logbook module's tables (its entries and per-site
// counters); the sites' names come from the sites module's fragments.
import type { LogbookCategory } from '@vigie/contract/logbook.contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { siteNameOf, siteNamesOf } from '../../sites/sites.sql';
import { PAGE_ROWS, type Scope } from './source';
import { read } from './tables.repository';

export interface EntryRow {
  id: string;
  number: number;
  occurred_at: Date | string;
  category: LogbookCategory;
  text: string;
  photo_ids: string[] | string;
  author_name: string;
  source: 'user' | 'system';
  corrects_number: number | null;
}

export interface CorrectionRow {
  corrects_id: string;
  number: number;
  occurred_at: Date | string;
  text: string;
  author_name: string;
}

/** A page of the site's entries of the period in number order, after the entry number `after`. */
export async function entryRows(tx: Tx, s: Scope, siteId: string, after: number | null) {
  return rowsOf<EntryRow>(
    await tx.execute(sql`
      select e.id, e.number, e.occurred_at, e.category, e.text, e.photo_ids, e.author_name, e.source,
             t.number as corrects_number
        from logbook_entries e
        left join logbook_entries t on t.company_id = e.company_id and t.id = e.corrects_id
       where e.company_id = ${s.companyId} and e.site_id = ${siteId}
         and e.occurred_at >= ${s.period.from.toISOString()}::timestamptz
         and e.occurred_at < ${s.period.to.toISOString()}::timestamptz
         ${after !== null ? sql`and e.number > ${after}` : sql``}
       order by e.number limit ${PAGE_ROWS}`),
  );
}

/** The corrections of these entries (whatever their date), in number order. */
export async function correctionRows(tx: Tx, companyId: string, entryIds: string[]) {
  return rowsOf<CorrectionRow>(
    await tx.execute(sql`
      select c.corrects_id, c.number, c.occurred_at, c.text, c.author_name
        from logbook_entries c
       where c.company_id = ${companyId}
         and c.corrects_id in (${sql.join(
           entryIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
       order by c.number`),
  );
}

/** The site's name; a register outlives its site: the name then comes from its last entry. */
export async function registerName(s: Scope, siteId: string) {
  const rows = await read<{ name: string | null }>(
    s,
    sql`select coalesce(${siteNameOf(sql`${s.companyId}`, sql`${siteId}`)},
                        (select e.site_name from logbook_entries e where e.company_id = ${s.companyId} and e.site_id = ${siteId}
                          order by e.number desc limit 1)) as name`,
  );
  return rows[0]?.name ?? null;
}

/** The sites whose register has entries in the period, by name (as `registerName` names them). */
export async function registersOfPeriod(s: Scope) {
  const name = sql`coalesce(st.name, (select e.site_name from logbook_entries e
      where e.company_id = c.company_id and e.site_id = c.site_id order by e.number desc limit 1))`;
  return read<{ id: string; name: string }>(
    s,
    sql`select c.site_id as id, ${name} as name
          from logbook_counters c left join ${siteNamesOf(s.companyId)} st on st.id = c.site_id
         where c.company_id = ${s.companyId}
           and exists (select 1 from logbook_entries e where e.company_id = c.company_id and e.site_id = c.site_id
                          and e.occurred_at >= ${s.period.from.toISOString()}::timestamptz
                          and e.occurred_at < ${s.period.to.toISOString()}::timestamptz)
         order by 2, 1`,
  );
}
