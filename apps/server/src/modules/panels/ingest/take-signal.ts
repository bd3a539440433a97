// What an accepted frame or Sur-Gard line does, in the panel's transaction (ingest.service.ts opens
// it): alarms raised, restores noted on the alarm they restore, openings, closings and unknown codes
// written to the site's main courante, the journal rows, then the panel's supervision restarted.
import type { Tx } from '../../../db/client';
import { type Actor, type CreateAlarmInput, insertAlarm, noteOnAlarm } from '../../alarms/alarms.service';
import { appendSystemEntry } from '../../logbook/logbook.service';
import type { DecodedEvent } from '../protocol/decode-frame';
import { classifyEvent, describeEvent } from '../protocol/describe-event';
import type { EventOutcome } from '../protocol/event-outcome';
import {
  type IngestPanel,
  insertSignals,
  type NewSignal,
  openAlarmRaisedBy,
  type PanelTarget,
  touchPanel,
} from './ingest.repository';
import {
  cleanText,
  linkRestoredText,
  panelAuthor,
  panelLabel,
  zoneColumn,
  zoneNameIn,
  zoneOf,
} from './signal-text';

/** What one frame or line brings, once authenticated and decoded. */
export type Arrival = {
  transport: NewSignal['transport'];
  raw: string;
  sequence: string | null;
  contentHash: string;
  events: DecodedEvent[];
};

/** The panel as the author of what its signals create (alarms, timeline notes, main courante). */
export const panelActor = (companyId: string, panelName: string): Actor => ({
  companyId,
  userId: null,
  name: panelAuthor(panelName),
  role: null,
  source: 'device',
  timezone: 'Europe/Paris',
});

/** The alarm an alarm event raises: its type and severity, the zone's name as its location. */
export function alarmInput(
  panel: Pick<IngestPanel, 'siteId' | 'name' | 'account'>,
  outcome: Extract<EventOutcome, { kind: 'alarm' }>,
  zone: string | undefined,
  zoneName: (zone: string) => string | undefined,
  meaning: string,
): CreateAlarmInput {
  const zoneLabel = zone === undefined ? undefined : (zoneName(zone) ?? `Zone ${zone}`);
  return {
    siteId: panel.siteId,
    type: outcome.type,
    severity: outcome.severity,
    title: cleanText(outcome.label, 200),
    description: cleanText(`${meaning}. ${panelLabel(panel.name)}, compte ${panel.account}.`, 2000),
    location: cleanText(zoneLabel ?? panel.name, 200),
    triggeredBy: cleanText(`${panelLabel(panel.name)} (compte ${panel.account})`, 200),
    cameraId: null,
  };
}

/** Everything an accepted frame or line creates, then the panel's timer; in the caller's `tx`. */
export async function take(tx: Tx, target: PanelTarget, panel: IngestPanel, arrival: Arrival, now: Date) {
  const inTest = panel.testUntil !== null && panel.testUntil.getTime() > now.getTime();
  const actor = panelActor(target.companyId, panel.name);
  const zoneName = zoneNameIn(panel.zones);
  const rows: NewSignal[] = [];
  for (const event of arrival.events) {
    const { outcome, param } = classifyEvent(event);
    const zone = zoneOf(event, param);
    const meaning = cleanText(describeEvent(event, { zoneName }), 1000);
    const row: NewSignal = {
      panelId: panel.id,
      receivedAt: now,
      transport: arrival.transport,
      raw: arrival.raw,
      sequence: arrival.sequence,
      contentHash: arrival.contentHash,
      meaning,
      answer: 'ACK',
      outcome: outcome.kind,
      alarmId: null,
      zone: zoneColumn(zone),
      alarmType: outcome.kind === 'alarm' || outcome.kind === 'restore' ? outcome.type : null,
    };
    rows.push(row);
    if (inTest && outcome.kind !== 'supervision') {
      // Acknowledged and journaled, nothing else: no alarm, no notification, no main courante.
      row.outcome = 'test';
      row.meaning = cleanText(`${meaning} (mode test : rien n’est déclenché)`, 1000);
      continue;
    }
    switch (outcome.kind) {
      case 'alarm': {
        const alarm = await insertAlarm(tx, actor, alarmInput(panel, outcome, zone, zoneName, meaning));
        row.alarmId = alarm?.id ?? null;
        break;
      }
      case 'restore': {
        const open = await openAlarmRaisedBy(tx, target.companyId, panel.id, outcome.type, row.zone);
        if (open) {
          const note = meaning.startsWith('Rétablissement') ? meaning : `Rétablissement : ${meaning}`;
          await noteOnAlarm(tx, actor, open, note);
          row.alarmId = open;
        }
        break;
      }
      case 'logbook':
        await appendSystemEntry(tx, {
          companyId: target.companyId,
          siteId: panel.siteId,
          category: 'autre',
          text: `${meaning} (centrale « ${panel.name} »)`,
          author: actor.name,
          occurredAt: now,
        });
        break;
      case 'unknown':
        // Never dropped: journaled, and shown to the control room in the site's main courante.
        await appendSystemEntry(tx, {
          companyId: target.companyId,
          siteId: panel.siteId,
          category: 'autre',
          text: `${meaning} reçu de la centrale « ${panel.name} » (compte ${panel.account}) : voir son journal des signaux`,
          author: actor.name,
          occurredAt: now,
        });
        break;
      case 'supervision':
        break;
    }
  }
  await insertSignals(tx, target.companyId, rows);
  await restart(tx, target, panel, now, inTest);
}

/** The main courante's « Liaison rétablie » entry of a lost link heard again. */
export function appendLinkRestored(
  tx: Tx,
  companyId: string,
  panel: { siteId: string; name: string; account: string },
  now: Date,
) {
  return appendSystemEntry(tx, {
    companyId,
    siteId: panel.siteId,
    category: 'autre',
    text: linkRestoredText(panel.name, panel.account),
    author: panelAuthor(panel.name),
    occurredAt: now,
  });
}

/** Restarts the panel's supervision; a lost link comes back with a « Liaison rétablie » entry. */
export async function restart(tx: Tx, target: PanelTarget, panel: IngestPanel, now: Date, inTest: boolean) {
  const previous = await touchPanel(tx, target.companyId, panel.id, now);
  if (previous === 'lost' && !inTest) await appendLinkRestored(tx, target.companyId, panel, now);
}

export function refusal(
  panelId: string,
  now: Date,
  transport: NewSignal['transport'],
  raw: string,
  sequence: string | null,
) {
  return (meaning: string, answer: 'DUH' | 'NAK'): NewSignal => ({
    panelId,
    receivedAt: now,
    transport,
    raw,
    sequence,
    contentHash: null,
    meaning: cleanText(meaning, 1000),
    answer,
    outcome: 'refused',
    alarmId: null,
    zone: null,
    alarmType: null,
  });
}
