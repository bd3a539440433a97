// System entries of the main courante: alarms, access refusals, radio SOS, clock-ins, guard tour
// alerts and lone-worker alerts, copied from the events table by a periodic pass, off the hot paths.
// An owner-run function (logbook_pending_events, migrations 0022 and 0026) reads every company's
// events with their site; each entry is then written under its company's RLS, once (a unique key on
// the source event id).
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { logbookEntries } from '../../db/schema';
import { appendEntry } from './chain';
import { findSite } from './logbook.service';

const COPIER = 'events';
/** What each kind of system entry (logbook_pending_events, migrations 0022 and 0026) reads as. */
export const systemEntryKinds: Record<
  string,
  { category: 'incident' | 'passage' | 'ronde' | 'autre'; prefix: string; separator?: string }
> = {
  alarm: { category: 'incident', prefix: 'Alarme' },
  access: { category: 'passage', prefix: 'Accès refusé' },
  radio: { category: 'incident', prefix: 'Alerte radio' },
  clock_in: { category: 'autre', prefix: 'Prise de service' },
  tour: { category: 'ronde', prefix: 'Alerte ronde' },
  lone_worker: { category: 'incident', prefix: 'Travailleur isolé sans réponse', separator: ' — ' },
};

interface Pending {
  event_id: string | number;
  company_id: string;
  site_id: string | null;
  at: Date | string;
  kind: string | null;
  label: string | null;
}

/**
 * One pass of the copier: events after the last one copied (older than `before`, so that a
 * transaction still open with a lower id is not passed over), in id order, each relevant one
 * written once as a system entry of its site (a unique key on the source event id).
 */
export async function copySystemEvents(db: Database, before = new Date(Date.now() - 2000), batch = 500) {
  const stateRes = await db.direct.execute(
    sql`select last_event_id::float8 as last from logbook_copier_state where name = ${COPIER}`,
  );
  let after = Number(rowsOf<{ last: number }>(stateRes)[0]?.last ?? 0);
  let copied = 0;
  for (;;) {
    const res = await db.direct.execute(
      sql`select event_id::float8 as event_id, company_id::text as company_id, site_id::text as site_id, at, kind, label
            from logbook_pending_events(${after}, ${before.toISOString()}::timestamptz, ${batch})`,
    );
    const rows = rowsOf<Pending>(res);
    if (rows.length === 0) break;
    // Consecutive events of one company in one transaction, in order.
    let i = 0;
    while (i < rows.length) {
      const companyId = (rows[i] as Pending).company_id;
      let j = i;
      while (j < rows.length && (rows[j] as Pending).company_id === companyId) j++;
      const group = rows.slice(i, j).filter((r) => r.kind && r.site_id);
      if (group.length > 0) {
        copied += await db.withTenant(companyId, async (tx) => {
          let n = 0;
          for (const r of group) {
            const eventId = Number(r.event_id);
            const [done] = await tx
              .select({ id: logbookEntries.id })
              .from(logbookEntries)
              .where(and(eq(logbookEntries.companyId, companyId), eq(logbookEntries.sourceEventId, eventId)));
            if (done) continue;
            const site = await findSite(tx, companyId, r.site_id as string);
            if (!site) continue;
            const label = systemEntryKinds[r.kind as string] ?? {
              category: 'autre' as const,
              prefix: 'Événement',
            };
            await appendEntry(tx, companyId, {
              siteId: site.id,
              siteName: site.name,
              occurredAt: new Date(r.at),
              category: label.category,
              text: `${label.prefix}${r.label ? `${label.separator ?? ' : '}${r.label}` : ''}`.slice(0, 4000),
              photoIds: [],
              authorUserId: null,
              authorName: 'Système',
              shiftId: null,
              correctsId: null,
              source: 'system',
              sourceEventId: eventId,
            });
            n++;
          }
          return n;
        });
      }
      i = j;
    }
    after = Number((rows[rows.length - 1] as Pending).event_id);
    await db.direct.execute(sql`
      insert into logbook_copier_state (name, last_event_id) values (${COPIER}, ${after})
      on conflict (name) do update set last_event_id = greatest(logbook_copier_state.last_event_id, excluded.last_event_id)`);
    if (rows.length < batch) break;
  }
  return copied;
}
