// The journal's objects: the records whose ids the page can name from the company's lists the app
// already loads (the entities' French names, `camera` → 'Caméra', are in the contract).

import { entityLabel } from '@vigie/contract/audit-labels';
import { t } from '../../../lib/i18n/i18n';
import type { NameOf } from './audit-labels';

export { entityLabel };

const own = <T>(map: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** Kinds of record the page names, each from a list the app already loads (app/use-audit-names.ts). */
export type NamedKind = 'site' | 'accessPoint' | 'agent' | 'user' | 'channel' | 'company';

/** Each kind's names by id; a kind missing (not loaded, not needed) names nothing. */
export type Names = Partial<Record<NamedKind, ReadonlyMap<string, string>>>;

/**
 * The hook that reads the names of the kinds asked for. The lists are other features': the app
 * layer provides it (features never import each other).
 */
export type UseAuditNames = (kinds: ReadonlySet<NamedKind>) => Names;

/** Detail keys whose values are ids (one, or a list) of a kind the page names. */
const idKeyKinds: Record<string, NamedKind> = {
  siteId: 'site',
  assignedSiteId: 'site',
  allowedSiteIds: 'site',
  accessPointId: 'accessPoint',
  allowedPointIds: 'accessPoint',
  agentId: 'agent',
  agentIds: 'agent',
  userId: 'user',
  channelId: 'channel',
  currentChannelId: 'channel',
};

/** Entities whose entry's id is a record of a kind the page names. */
const entityKinds: Record<string, NamedKind> = {
  site: 'site',
  access_point: 'accessPoint',
  agent: 'agent',
  user: 'user',
  radio_channel: 'channel',
  company: 'company',
};

/** The details' namer over these names: an id of a known key and kind reads as its record's name. */
export function nameOfFrom(names: Names): NameOf {
  return (key, id) => {
    const kind = own(idKeyKinds, key);
    return kind ? names[kind]?.get(id) : undefined;
  };
}

/** Detail keys that name the entry's own record when it was written (a camera's name, a report's number). */
const ownNameKeys = ['name', 'title', 'number', 'imei'] as const;

function ownNameIn(details: Record<string, unknown> | null | undefined): string | undefined {
  for (const key of ownNameKeys) {
    const value = details?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * The « Objet » of an entry: the entity's French name and the record's name — its current name
 * from the lists the page knows, else the name the entry was written with ('Caméra · Quai 4',
 * 'Rapport de sécurité · RS-2026-0002'), else its id ('Caméra · 3f2a…').
 */
export function describeObject(
  entity: string,
  entityId: string | null,
  names: Names,
  details?: Record<string, unknown> | null,
): string {
  // The contract's French name, in the user's language (an unknown key stays as it is).
  const label = t(entityLabel(entity));
  if (!entityId) return label;
  const kind = own(entityKinds, entity);
  return `${label} · ${(kind && names[kind]?.get(entityId)) || ownNameIn(details) || entityId}`;
}

/**
 * The details without the name the « Objet » already shows (« Point de contrôle · Poste de garde »
 * beside « Nom : Poste de garde » said it twice).
 */
export function detailsBesideObject(
  details: Record<string, unknown> | null,
  object: string,
): Record<string, unknown> | null {
  if (!details) return details;
  const shown = ownNameKeys.find((key) => {
    const value = details[key];
    return typeof value === 'string' && object.endsWith(` · ${value}`);
  });
  if (shown === undefined) return details;
  const { [shown]: _shown, ...rest } = details;
  return rest;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addKindsOf(value: unknown, kinds: Set<NamedKind>) {
  if (Array.isArray(value)) for (const v of value) addKindsOf(v, kinds);
  else if (isRecord(value))
    for (const [key, v] of Object.entries(value)) {
      const kind = own(idKeyKinds, key);
      if (kind && v !== null && v !== undefined) kinds.add(kind);
      addKindsOf(v, kinds);
    }
}

/**
 * The kinds whose names these entries need (their objects' ids, and id keys at any depth of their
 * details, `changes: { assignedSiteId: … }` too): the page reads only those lists.
 */
export function kindsIn(
  entries: readonly { entity: string; entityId: string | null; details: Record<string, unknown> | null }[],
): Set<NamedKind> {
  const kinds = new Set<NamedKind>();
  for (const entry of entries) {
    const kind = entry.entityId ? own(entityKinds, entry.entity) : undefined;
    if (kind) kinds.add(kind);
    addKindsOf(entry.details, kinds);
  }
  return kinds;
}
