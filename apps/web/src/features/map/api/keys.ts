/** The control room's map: alarms, shifts, radios and interventions events refresh it (use-realtime-sync). */
export const mapKey = ['map'] as const;
/** The overview's own key: `agent.position` events write into it (live-positions.ts). */
export const mapOverviewKey = [...mapKey, 'overview'] as const;
