// Who can go: agents on duty now (clocked in, not out) whose position — from their radio or their
// phone — is at most 15 minutes old, by straight-line distance from the alert. The positions are
// read by alerts.repository.ts (dutyCandidates); this file makes the choice.
import { NEAREST_POSITION_MAX_AGE_MS, type NearestAgent } from '@vigie/contract/radio-traffic.contract';
import { distanceMetres } from '../../planning/clock.service';

export interface Candidate {
  agentId: string;
  name: string;
  siteName: string | null;
  lat: number;
  lng: number;
  at: Date;
  source: 'radio' | 'phone';
}

/** The pure choice: fresh positions only, the alert's own agent left out, nearest first. */
export function chooseNearest(
  candidates: Candidate[],
  from: { lat: number; lng: number },
  opts: { now: Date; excludeAgentId?: string | null; limit?: number },
): NearestAgent[] {
  const oldest = opts.now.getTime() - NEAREST_POSITION_MAX_AGE_MS;
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.agentId === opts.excludeAgentId || c.at.getTime() < oldest) continue;
    const known = best.get(c.agentId);
    if (!known || known.at < c.at) best.set(c.agentId, c);
  }
  return [...best.values()]
    .map((c) => ({
      agentId: c.agentId,
      name: c.name,
      distanceM: Math.round(distanceMetres(from, c)),
      positionAt: c.at.toISOString(),
      positionSource: c.source,
      siteName: c.siteName,
    }))
    .sort((a, b) => a.distanceM - b.distanceM || a.name.localeCompare(b.name, 'fr'))
    .slice(0, opts.limit ?? 5);
}
