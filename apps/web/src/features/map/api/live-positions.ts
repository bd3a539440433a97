// Positions from the event stream written straight into the map's cached overview: an agent's
// (`agent.position`, sent by the agent space about every 30 s, 10 s on an intervention) and a
// radio's (`radio.position`, from its status reports, at most every 5 s per radio). With a thousand
// agents or radios a read of the whole map per position would cost every viewer a round trip each time.
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

/**
 * The overview with one radio moved (and the agent it is assigned to, whose marker follows his
 * radio's newest position as the map's read does), or null if the radio is not on it. An agent not
 * on the map stays off it: only agents on duty are drawn, and the event does not say whether he is.
 */
export function withRadioPosition(overview: MapOverview, data: Record<string, unknown>): MapOverview | null {
  const radioId = str(data.radioId);
  const lat = num(data.lat);
  const lng = num(data.lng);
  const at = str(data.at);
  if (!radioId || lat === null || lng === null || !at) return overview;
  if (!overview.radios.some((r) => r.id === radioId)) return null;
  const agentId = str(data.agentId);
  const newer = (positionAt: string) => Date.parse(at) >= Date.parse(positionAt);
  return {
    ...overview,
    radios: overview.radios.map((r) =>
      r.id === radioId && newer(r.positionAt) ? { ...r, lat, lng, positionAt: at } : r,
    ),
    agents: agentId
      ? overview.agents.map((a) =>
          a.id === agentId && newer(a.positionAt)
            ? { ...a, lat, lng, positionAt: at, accuracyM: num(data.accuracy), source: 'radio' as const }
            : a,
        )
      : overview.agents,
  };
}

/** Positions arriving together (a thousand agents, every 10 s: a hundred a second) are drawn together. */
const FLUSH_MS = 250;
type Move = (overview: MapOverview) => MapOverview | null;
let pending: Move[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Applies position events to the map's cache, a batch every 250 ms at most (one redraw); an agent
 * or a radio not drawn yet makes the map read again.
 */
function applyMove(queryClient: QueryClient, move: Move) {
  pending.push(move);
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    const batch = pending;
    pending = [];
    let current = queryClient.getQueryData<MapOverview>(mapOverviewKey);
    if (!current) return;
    for (const apply of batch) {
      const next = apply(current);
      if (!next) {
        void queryClient.invalidateQueries({ queryKey: mapKey });
        return;
      }
      current = next;
    }
    queryClient.setQueryData(mapOverviewKey, current);
  }, FLUSH_MS);
}

/** An `agent.position` event onto the map's cache (batched, see applyMove). */
export const applyAgentPosition = (queryClient: QueryClient, data: Record<string, unknown>) =>
  applyMove(queryClient, (overview) => withAgentPosition(overview, data));

/** A `radio.position` event onto the map's cache (batched, see applyMove). */
export const applyRadioPosition = (queryClient: QueryClient, data: Record<string, unknown>) =>
  applyMove(queryClient, (overview) => withRadioPosition(overview, data));
