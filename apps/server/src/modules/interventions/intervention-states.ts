// The interventions' state machine, pure: which action moves which state to which, and who may.
//   proposée → acceptée | refusée (agent), or proposée again to the next agent (the clock)
//   refusée → proposée to another agent (operator)
//   acceptée → en route (agent); acceptée | en route → sur place (agent: geofence or checkpoint)
//   sur place → terminée (agent, with the report)
//   any running state or refusée → annulée (operator)
import { type InterventionState, interventionStateLabels } from '@vigie/contract/interventions.contract';

export type InterventionAction =
  | 'accept'
  | 'refuse'
  | 'en_route'
  | 'on_site'
  | 'finish'
  | 'cancel'
  | 'propose'
  | 'reassign';

export const transitions: Record<
  InterventionAction,
  { from: readonly InterventionState[]; to: InterventionState; by: 'agent' | 'operator' | 'clock' }
> = {
  accept: { from: ['proposed'], to: 'accepted', by: 'agent' },
  refuse: { from: ['proposed'], to: 'refused', by: 'agent' },
  en_route: { from: ['accepted'], to: 'en_route', by: 'agent' },
  on_site: { from: ['accepted', 'en_route'], to: 'on_site', by: 'agent' },
  finish: { from: ['on_site'], to: 'done', by: 'agent' },
  cancel: {
    from: ['proposed', 'accepted', 'refused', 'en_route', 'on_site'],
    to: 'cancelled',
    by: 'operator',
  },
  propose: { from: ['refused'], to: 'proposed', by: 'operator' },
  reassign: { from: ['proposed'], to: 'proposed', by: 'clock' },
};

export const canMove = (action: InterventionAction, from: InterventionState) =>
  transitions[action].from.includes(from);

export const stateLabel = (s: InterventionState) => interventionStateLabels[s];

/** 'warning' past the arrival target, 'alert' past 1.5 times it, while the agent is not on site. */
export function lateness(
  i: { state: InterventionState; acceptedAt: Date | null; arriveMinutes: number },
  now: Date,
): 'warning' | 'alert' | null {
  if (!i.acceptedAt || (i.state !== 'accepted' && i.state !== 'en_route')) return null;
  const elapsed = now.getTime() - i.acceptedAt.getTime();
  if (elapsed >= i.arriveMinutes * 90_000) return 'alert';
  if (elapsed >= i.arriveMinutes * 60_000) return 'warning';
  return null;
}

/** The arrival alert comes at 1.5 times the site's arrival target (the warning at the target). */
export const ARRIVE_ALERT_FACTOR = 1.5;
