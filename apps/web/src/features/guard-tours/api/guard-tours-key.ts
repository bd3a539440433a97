/** Root of every guard tour query: a mutation or a `tour.*` event invalidates them all. */
export const guardToursKey = ['guard-tours'] as const;
