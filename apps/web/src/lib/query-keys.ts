// Query keys shared by several features. Features never import each other, so a root under which
// two of them read or invalidate lives here, with the keys of lib's own endpoints (agents-api.ts,
// my-service-api.ts, agent-photo.ts), which several features call. Every other key sits in its
// feature's `api/keys.ts`: the root `<feature>Key` (what the feature's mutations and the real-time
// refresh table in app/layouts/use-realtime-sync.ts invalidate) and the keys under it,
// `<feature>Keys`.
//
// Keys files import nothing but other keys files: the dashboard shell imports them for the refresh
// table, and must not pull a contract or an endpoint in.

/**
 * Root of every planning query key, the agents' list and the signed-in agent's service included:
 * the planning's mutations invalidate it, and so do the 'agent.changed' and 'shift.changed' events
 * (agents, shifts, the week and the counters all move together).
 */
export const planningKey = ['planning'] as const;

/** The company's agents (lib/agents-api.ts), under the planning root; unset filters left out. */
export const agentsKey = <F extends object>(filters: F) =>
  [...planningKey, 'agents', 'list', filters] as const;

/**
 * The signed-in agent's service (lib/my-service-api.ts), under the planning root. The agent space
 * keeps it for offline use (features/agent-space/query-persistence.ts recognises it).
 */
export const myServiceKey = [...planningKey, 'me'] as const;

/**
 * An agent's photo (lib/agent-photo.ts). Its URL is versioned (`?v=<n>` changes with each upload),
 * so the bytes of one URL never change: this key stays out of the planning root on purpose, or
 * every planning mutation would download every photo again.
 */
export const agentPhotoKey = (url: string) => ['agent-photo', url] as const;

/**
 * Root of every guard tour query: a mutation or a `tour.*` event invalidates them all. The agent
 * space's rounds and tours sit under it too: its outbox sends scans, and the same events refresh
 * them.
 */
export const guardToursKey = ['guard-tours'] as const;

/**
 * Root of every main courante query: a new entry (or a `logbook.created` event) refreshes them.
 * The agent space's handover and entries sit under it too: its outbox writes entries.
 */
export const logbookKey = ['logbook'] as const;

/**
 * Root of every alarm panel query (the panels' list, a panel's signal journal, the receiver's
 * address): a `panel.changed` event (a panel added, edited or deleted, its link lost or back)
 * refreshes them. Kept here because the panels' screen may sit in the alarms area or in settings ›
 * integrations, and the refresh table needs it either way.
 */
export const panelsKey = ['panels'] as const;

/**
 * Root of every intervention query (components/interventions: the operator's dispatch panel and
 * the agent space's card): an `intervention.changed` event refreshes them, and so does a new
 * notification (how the agent's phone hears of a proposal; agents do not receive the event).
 */
export const interventionsKey = ['interventions'] as const;
