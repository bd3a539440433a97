// Every tenant table is watched by the change feed (migration 0009, docs/decisions/0006), unless it
// is listed below with the reason no cached answer reads it: a table a later module adds without
// `SELECT vigie_watch_changes('…')` in its migration fails here, instead of leaving stale answers in
// the caches. And a watched write really reaches the listener, once per company and statement.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../../db/change-feed';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type TestApp } from '../harness';

/** Tenant tables no cached answer depends on, and why. */
const unwatched: Record<string, string> = {
  alarm_counts: 'kept by triggers on alarms, whose own notification covers every change to it',
  alarm_status_counts: 'kept by triggers on alarms, whose own notification covers every change to it',
  audit_log: 'append-only record, read by no cached endpoint',
  access_log_counts: 'kept by triggers on access_logs, which no cached answer reads',
  site_counts: 'kept by triggers on cameras and alarms, whose own notifications cover every change to it',
  site_totals: 'kept by triggers on sites, whose own notification covers every change to it',
  access_log_site_totals: 'kept by triggers on access_logs, which no cached answer reads',
  alarm_count_deltas:
    'deltas of alarm_counts (decision 0020), written with the alarms, whose notification covers them',
  alarm_status_count_deltas:
    'deltas of alarm_status_counts (decision 0020), written with the alarms, whose notification covers them',
  site_count_deltas:
    'deltas of site_counts (decision 0020), written with cameras and alarms, whose notifications cover them',
  site_total_deltas:
    'deltas of site_totals (decision 0020), written with the sites, whose notification covers them',
  access_log_count_deltas: 'deltas of access_log_counts (decision 0020), which no cached answer reads',
  access_log_site_total_deltas:
    'deltas of access_log_site_totals (decision 0020), which no cached answer reads',
  alarm_search_tokens:
    'search tokens kept by triggers on alarms, sites and cameras, whose own notifications cover every change to them',
  camera_search_tokens: 'search tokens kept by triggers on cameras, whose own notification covers them',
  site_search_tokens: 'search tokens kept by triggers on sites, whose own notification covers them',
  access_log_search_tokens: 'search tokens kept by triggers on access_logs, which no cached answer reads',
  audit_search_tokens: 'search tokens kept by triggers on audit_log, which no cached endpoint reads',
  access_logs:
    'written at reader rates (a NOTIFY per check would be wasted): the logs screen follows access.logged events, and the logs list is not cached',
  camera_probes: 'raw probe history (20,000 rows a round); readers use camera_probe_totals',
  events: 'the real-time log, with its own channel',
  logbook_entries:
    'append-only register written by agents and the system-entry copier, read by no cached endpoint (pushed as logbook.created)',
  logbook_counters: 'kept with each logbook entry in its transaction, read by no cached endpoint',
  alarm_file_entries:
    "append-only file of an alarm's checks, read by no cached endpoint (pushed as alarm.updated with change 'file')",
  alarm_file_counters: 'kept with each alarm file entry in its transaction, read by no cached endpoint',
  agent_positions: 'personal data written at clock-in and clock-out, read by no cached endpoint',
  agent_last_positions:
    "each agent's latest position, kept by a trigger on agent_positions (written at positions' rates), read by no cached endpoint",
  camera_recordings: 'stills and clips, read by no cached endpoint (their lists are read as they stand)',
  camera_recording_chunks: 'bytes of stills and clips, served by their own uncached route',
  files: 'bytes served by their own uncached routes; the row pointing at them (an agent) is watched',
  notifications: "each user's bell, read by no cached endpoint and pushed on the real-time stream",
  radios:
    'status reported by handsets every few seconds; the radio lists are not cached and follow radio.* events',
  radio_channels: 'the radio lists are not cached; the page follows radio.changed events',
  radio_channel_members: 'the radio lists are not cached; the page follows radio.changed events',
  radio_communications:
    'written at radio traffic rates, read by no cached endpoint (radio.communication events)',
  radio_alerts: 'read by no cached endpoint; pushed as radio.alert events',
  reports:
    'read by no cached endpoint; the page follows report.changed events, and the queue updates rows while it builds them',
  report_schedules: 'read by no cached endpoint (the schedules list is read as it stands)',
  recovery_codes: 'two-factor recovery codes, read only at sign-in (no cache)',
  push_subscriptions: "each browser's Web Push subscription, read only when a notification is delivered",
  panels:
    "written by the alarm receiver at signal rates (last signal, link state): the panels' lists are not cached and follow panel.changed events",
  panel_signals: "each panel's signal journal, written at signal rates, read by no cached endpoint",
  panel_line_prefixes: "each company's DC-09 line prefix, read by no cached endpoint",
};

describe.each(engines)('change feed coverage (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('watches every tenant table for inserts, updates and deletes', async () => {
    const tables = rowsOf<{ name: string; events: string[] | null }>(
      await t.db.direct.execute(sql`
        select c.relname::text as name,
               (select array_agg(t.tgname::text order by t.tgname) from pg_trigger t
                 where t.tgrelid = c.oid and t.tgname like 'vigie_changes%') as events
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and (c.relname = 'companies' or exists (
                select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped))
         order by 1`),
    );
    expect(tables.length).toBeGreaterThan(8);
    for (const { name, events } of tables) {
      if (name in unwatched) continue;
      // Sessions only announce their end (their sliding last-seen time must not empty the caches).
      const expected =
        name === 'sessions'
          ? ['vigie_changes_session_end']
          : ['vigie_changes_delete', 'vigie_changes_insert', 'vigie_changes_update'];
      expect({ table: name, triggers: events }).toEqual({ table: name, triggers: expected });
    }
  });

  it('announces a write once per company and statement, after commit only', async () => {
    const a = await registerCompany(t.app);
    const received: string[] = [];
    const stop = await t.db.listen(CHANGES_CHANNEL, (p) => received.push(p));
    try {
      for (const name of ['Site 1', 'Site 2']) {
        await t.app.inject({
          method: 'POST',
          url: '/api/sites',
          headers: a.auth,
          payload: { name, address: '1 rue de Lyon, Paris' },
        });
      }
      // A rolled-back write announces nothing.
      await t.db
        .withTenant(a.company.id, async (tx) => {
          await tx.execute(sql`update sites set address = 'x' where company_id = ${a.company.id}`);
          throw new Error('rollback');
        })
        .catch(() => {});
      await t.db.withTenant(a.company.id, (tx) =>
        tx.execute(sql`update sites set address = '2 rue de Lyon, Paris' where company_id = ${a.company.id}`),
      );
      const deadline = Date.now() + 2000;
      while (received.filter((p) => p.startsWith('sites:')).length < 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(received.filter((p) => p.startsWith('sites:'))).toEqual([
        `sites:${a.company.id}`,
        `sites:${a.company.id}`,
        `sites:${a.company.id}`,
      ]);
    } finally {
      await stop();
    }
  });
});
