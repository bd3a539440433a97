// An agent's position from the event stream (`agent.position`, sent by the agent space about every
// 30 s, 10 s on an intervention), written straight into the map's cached overview: with a thousand
// agents a read of the whole map per position would cost every viewer a round trip each time.
import type { QueryClient } from '@tanstack/react-query';
import type { MapOverview } from '@vigie/contract/map.contract';
import { mapKey, mapOverviewKey } from './keys';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The overview with one agent moved (and the point added to his intervention's track), or null if he is not on it. */
export function withAgentPosition(overview: MapOverview, data: Record<string, unknown>): MapOverview | null {
  const agentId = str(data.agentId);
  const lat = num(data.lat);
  const lng = num(data.lng);
  const at = str(data.at);
  if (!agentId || lat === null || lng === null || !at) return overview;
  if (!overview.agents.some((a) => a.id === agentId)) return null;
  return {
    ...overview,
    agents: overview.agents.map((a) =>
      a.id === agentId && Date.parse(at) >= Date.parse(a.positionAt)
        ? { ...a, lat, lng, positionAt: at, accuracyM: num(data.accuracy), source: 'phone' as const }
        : a,
    ),
    interventions: overview.interventions.map((i) =>
      i.agentId === agentId && i.acceptedAt !== null && Date.parse(at) >= Date.parse(i.acceptedAt)
        ? { ...i, track: [...i.track, { lat, lng, at }] }
        : i,
    ),
  };
}

/** Positions arriving together (a thousand agents, every 10 s: a hundred a second) are drawn together. */
const FLUSH_MS = 250;
let pending: Record<string, unknown>[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Applies `agent.position` events to the map's cache, a batch every 250 ms at most (one redraw);
 * an agent not drawn yet makes the map read again.
 */
export function applyAgentPosition(queryClient: QueryClient, data: Record<string, unknown>) {
  pending.push(data);
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    const batch = pending;
    pending = [];
    let current = queryClient.getQueryData<MapOverview>(mapOverviewKey);
    if (!current) return;
    for (const event of batch) {
      const next = withAgentPosition(current, event);
      if (!next) {
        void queryClient.invalidateQueries({ queryKey: mapKey });
        return;
      }
      current = next;
    }
    queryClient.setQueryData(mapOverviewKey, current);
  }, FLUSH_MS);
}
