import type { PanelDto, PanelSignalDto } from '@vigie/contract/panels.contract';
import type { PanelZone, panels } from '../../db/schema';

export type PanelRow = typeof panels.$inferSelect;
/** A panel as read with its site's name; `aesKey` is the SEALED key (or null): never answered. */
export type PanelWithSite = PanelRow & { siteName: string };

/** What the repository writes for a new panel (the key already sealed). */
export type NewPanel = typeof panels.$inferInsert;

/** Zones as the panel's screen and the journal read them: in the order of their numbers. */
export const sortZones = (zones: readonly PanelZone[]): PanelZone[] =>
  [...zones].sort((a, b) => a.number - b.number).map((z) => ({ number: z.number, name: z.name }));

/** Is the panel in test mode at `now` (signals journaled, no alarm, no notification)? */
export const isInTest = (testUntil: Date | null, now = new Date()) =>
  testUntil !== null && testUntil.getTime() > now.getTime();

/** The API shape of a panel: the key never leaves the server, only whether there is one. */
export const toPanelDto = (p: PanelWithSite, now = new Date()): PanelDto => ({
  id: p.id,
  siteId: p.siteId,
  siteName: p.siteName,
  name: p.name,
  account: p.account,
  hasAesKey: p.aesKey !== null,
  supervisionMinutes: p.supervisionMinutes,
  zones: sortZones(p.zones),
  testUntil: p.testUntil ? p.testUntil.toISOString() : null,
  inTest: isInTest(p.testUntil, now),
  lastSignalAt: p.lastSignalAt ? p.lastSignalAt.toISOString() : null,
  linkState: p.linkState,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** A journal row as the list reads it: `receivedAtKey` is the instant to the microsecond (cursor). */
export interface PanelSignalRow {
  id: number;
  receivedAt: Date;
  receivedAtKey: string;
  transport: PanelSignalDto['transport'];
  raw: string;
  meaning: string;
  answer: PanelSignalDto['answer'];
  outcome: PanelSignalDto['outcome'];
  alarmId: string | null;
}

export const toPanelSignalDto = (s: PanelSignalRow): PanelSignalDto => ({
  id: s.id,
  receivedAt: s.receivedAt.toISOString(),
  transport: s.transport,
  raw: s.raw,
  meaning: s.meaning,
  answer: s.answer,
  outcome: s.outcome,
  alarmId: s.alarmId,
});
