/** The API's liveness, polled by the 'En ligne' / 'Hors ligne' badge. */
export const healthKey = ['health'] as const;
