// Query keys shared across features: the control room's guard tours and main courante are also
// written from the agent space (its outbox), which refreshes them once its writes are sent. Features
// never import each other, so the keys live here.

/** Root of every guard tour query: a mutation or a `tour.*` event invalidates them all. */
export const guardToursKey = ['guard-tours'] as const;

/** Root of every main courante query: a new entry (or a `logbook.created` event) refreshes them. */
export const logbookKey = ['logbook'] as const;
