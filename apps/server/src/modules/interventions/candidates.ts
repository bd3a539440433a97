// The choice of who can go, pure: each agent on duty at his freshest known position (phone or
// radio), nearest to the site first (lib/geo.ts), those without a position last; busy agents stay in
// the list, marked, so that the operator sees who is nearest even when taken.
import type { InterventionCandidate } from '@vigie/contract/interventions.contract';
import { rankByDistance } from '../../lib/geo';
import type { CandidateRaw } from './interventions.repository';

export function rankCandidates(
  agents: CandidateRaw[],
  from: { lat: number; lng: number } | null,
  now: Date,
  limit: number,
): InterventionCandidate[] {
  const located = agents.map((a) => {
    const best: 'phone' | 'radio' | null =
      a.phone && a.radio
        ? a.radio.at > a.phone.at
          ? 'radio'
          : 'phone'
        : a.phone
          ? 'phone'
          : a.radio
            ? 'radio'
            : null;
    const position = best === 'radio' ? a.radio : best === 'phone' ? a.phone : null;
    return { ...a, name: a.name, position, source: best };
  });
  return rankByDistance(located, from)
    .slice(0, limit)
    .map((a) => ({
      agentId: a.agentId,
      name: a.name,
      distanceM: a.distanceM,
      positionAt: a.position ? a.position.at.toISOString() : null,
      positionAgeSeconds: a.position
        ? Math.max(0, Math.round((now.getTime() - a.position.at.getTime()) / 1000))
        : null,
      positionSource: a.source,
      busy: a.interventionId !== null,
      interventionId: a.interventionId,
    }));
}

/** The next agent to ask: the nearest free one not yet asked (null when none is left). */
export function nextCandidate(ranked: InterventionCandidate[], asked: string[]) {
  return ranked.find((c) => !c.busy && !asked.includes(c.agentId)) ?? null;
}
