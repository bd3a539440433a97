// Camera health monitor: every interval, a TCP connection to each camera's stream port (RTSP host
// and port, or the IP on 554). A camera that accepts is 'En ligne'; the results, the hourly
// history and each status transition are written per company under RLS. Hosts go through the
// outbound policy (lib/outbound-address.ts): a refused one opens no socket and reads 'Hors ligne'.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { acquireLease } from '../../db/leases';
import type { OutboundPolicy } from '../../lib/outbound-address';
import { publishEvents } from '../events/events.service';
import {
  type ProbeResult,
  probeTargetOf,
  probeTargets,
  purgeProbes,
  recordProbeResults,
} from './camera-health.repository';
import { tcpProbe } from './camera-probe';
import { probeInWorker } from './camera-probe-worker';
import { type CameraStatusEvent, cameraStatusEvents } from './camera-status-events';

export const PROBE_TIMEOUT_MS = 2000;
/**
 * The first round runs this soon after start-up (or after one interval if shorter), not a full
 * interval later: the cameras' status is right within seconds of a start (the demo's simulator
 * opens its camera listeners within a second or two of the server listening).
 */
export const FIRST_ROUND_DELAY_MS = 5000;
/** Hourly probe history kept for reports; older buckets are purged. */
export const PROBE_HISTORY_DAYS = 90;

export interface ProbeOptions {
  timeoutMs?: number;
  /** Sockets open at once: bounded so a large fleet cannot exhaust file descriptors. */
  concurrency?: number;
  /** Cameras written per statement. */
  batchSize?: number;
  /** Stops writing results (shutdown). */
  signal?: AbortSignal;
  onError?: (err: unknown) => void;
}

export interface ProbeRound {
  probed: number;
  online: number;
  transitions: number;
  durationMs: number;
}

/** A failing subscriber must neither stop the round nor hide the other transitions. */
function notify(event: CameraStatusEvent, onError?: (err: unknown) => void) {
  try {
    cameraStatusEvents.emit('status', event);
  } catch (err) {
    onError?.(err);
  }
}

/** One full round over every company's cameras; also what the tests call. */
export async function probeAllCameras(
  db: Database,
  policy: OutboundPolicy,
  opts: ProbeOptions = {},
): Promise<ProbeRound> {
  const started = performance.now();
  const targets = await probeTargets(db);
  const results = await probeInWorker(policy, targets, {
    timeoutMs: opts.timeoutMs ?? PROBE_TIMEOUT_MS,
    concurrency: opts.concurrency ?? 500,
    signal: opts.signal,
  });
  const batchSize = opts.batchSize ?? 500;
  let transitions = 0;
  // Targets arrive ordered by company, so each company's results are contiguous.
  for (let i = 0; i < results.length && !opts.signal?.aborted; ) {
    const companyId = (results[i] as ProbeResult & { companyId: string }).companyId;
    let end = i;
    while (end < results.length && end - i < batchSize && results[end]?.companyId === companyId) end++;
    const batch = results.slice(i, end);
    i = end;
    try {
      const changed = await db.withTenant(companyId, async (tx) => {
        const rows = await recordProbeResults(tx, companyId, batch);
        // Browsers learn of each transition in the same transaction that records it.
        await publishEvents(
          tx,
          companyId,
          rows.map((c) => ({
            type: 'camera.status' as const,
            payload: { id: c.cameraId, status: c.status },
          })),
        );
        return rows;
      });
      transitions += changed.length;
      for (const c of changed) notify({ companyId, cameraId: c.cameraId, status: c.status }, opts.onError);
    } catch (err) {
      // One company's failure (a camera deleted mid-round) must not cost the others their round.
      opts.onError?.(err);
    }
  }
  return {
    probed: results.length,
    online: results.filter((r) => r.ok).length,
    transitions,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Probes one camera at once (just created or edited) and records the result like a round does, so
 * that a reachable camera shows 'En ligne' within a second instead of at the next round (11-19 s).
 * Resolves with the new status, or null when the camera has no probe target or is gone.
 */
export async function probeCameraNow(
  db: Database,
  policy: OutboundPolicy,
  companyId: string,
  cameraId: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | null> {
  const target = await db.withTenant(companyId, (tx) => probeTargetOf(tx, companyId, cameraId));
  if (!target) return null;
  const at = new Date();
  const { ok, latencyMs } = await tcpProbe(policy, target.host, target.port, timeoutMs);
  const changed = await db.withTenant(companyId, async (tx) => {
    const rows = await recordProbeResults(tx, companyId, [{ cameraId, ok, latencyMs, at }]);
    await publishEvents(
      tx,
      companyId,
      rows.map((c) => ({ type: 'camera.status' as const, payload: { id: c.cameraId, status: c.status } })),
    );
    return rows;
  });
  for (const c of changed) notify({ companyId, cameraId: c.cameraId, status: c.status });
  return ok ? 'En ligne' : 'Hors ligne';
}

/** Starts the monitor with the app and stops it (waiting for the current round) when the app closes. */
export function registerCameraMonitor(app: FastifyInstance) {
  const interval = app.config.cameraProbeIntervalMs;
  if (interval <= 0) return;
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | null = null;
  let lastPurge = 0;
  const onError = (err: unknown) => app.log.error({ err }, 'camera probe round failed');
  const tick = () => {
    // A round that outlasts the interval is not stacked with another.
    if (current) return;
    // With several instances on one PostgreSQL, only the lease holder probes (the lease outlives
    // two intervals, so a crashed holder hands over).
    current = acquireLease(app.db, 'camera-probe', interval * 2)
      .then(async (mine) => {
        if (!mine) return;
        const round = await probeAllCameras(app.db, app.outbound, {
          concurrency: app.config.cameraProbeConcurrency,
          signal: stop.signal,
          onError,
        });
        app.log.debug(round, 'camera probe round');
        if (Date.now() - lastPurge > 3600_000) {
          lastPurge = Date.now();
          await purgeProbes(app.db, new Date(Date.now() - PROBE_HISTORY_DAYS * 86400_000));
        }
      })
      .catch(onError)
      .finally(() => {
        current = null;
      });
  };
  app.addHook('onReady', async () => {
    first = setTimeout(tick, Math.min(interval, FIRST_ROUND_DELAY_MS));
    first.unref();
    timer = setInterval(tick, interval);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    stop.abort();
    await current;
  });
}
