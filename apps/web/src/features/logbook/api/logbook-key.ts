/** Root of every main courante query: a new entry (or a `logbook.created` event) refreshes them. */
export const logbookKey = ['logbook'] as const;
