// System entries of the main courante: alarms, access refusals, radio SOS, clock-ins, guard tour
// alerts and lone-worker alerts, copied from the events table by a periodic pass, off the hot paths.
// An owner-run function (logbook_pending_events, migrations 0022 and 0026) reads every company's
// events with their site; each entry is then written under its company's RLS, once (a unique key on
// the source event id).
import type { Database } from '../../db/client';
import { appendEntry } from './chain.repository';
import { findSite } from './logbook.repository';
import {
  copierProgress,
  isCopied,
  type PendingEvent,
  pendingEvents,
  saveCopierProgress,
} from './system-entries.repository';

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

/**
 * One pass of the copier: events after the last one copied (older than `before`, so that a
 * transaction still open with a lower id is not passed over), in id order, each relevant one
 * written once as a system entry of its site (a unique key on the source event id).
 */
export async function copySystemEvents(db: Database, before = new Date(Date.now() - 2000), batch = 500) {
  let after = await copierProgress(db, COPIER);
  let copied = 0;
  for (;;) {
    const rows = await pendingEvents(db, after, before, batch);
    if (rows.length === 0) break;
    // Consecutive events of one company in one transaction, in order.
    let i = 0;
    while (i < rows.length) {
      const companyId = (rows[i] as PendingEvent).company_id;
      let j = i;
      while (j < rows.length && (rows[j] as PendingEvent).company_id === companyId) j++;
      const group = rows.slice(i, j).filter((r) => r.kind && r.site_id);
      if (group.length > 0) {
        copied += await db.withTenant(companyId, async (tx) => {
          let n = 0;
          for (const r of group) {
            const eventId = Number(r.event_id);
            if (await isCopied(tx, companyId, eventId)) continue;
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
    after = Number((rows[rows.length - 1] as PendingEvent).event_id);
    await saveCopierProgress(db, COPIER, after);
    if (rows.length < batch) break;
  }
  return copied;
}
