// The probes themselves: a TCP connection to each camera's stream port, paced and bounded. No
// database here: this file runs in the probe worker thread (camera-probe-worker.ts). Each host is
// checked by lib/outbound-address.ts first; the socket opens to the checked address only.
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkHost, type OutboundPolicy } from '../../lib/outbound-address';
import type { ProbeResult, ProbeTarget } from './camera-health.repository';

export interface ProbeOutcome {
  ok: boolean;
  latencyMs: number | null;
  /**
   * The host is internal (and not opened by CAMERA_ALLOWED_NETWORKS) or does not resolve: no
   * socket was opened, and the camera reads 'Hors ligne' whatever listens there.
   */
  refused?: boolean;
}

/** Resolves true when a TCP connection to the checked address opens within the timeout. */
export async function tcpProbe(
  policy: OutboundPolicy,
  host: string,
  port: number,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  // An IP literal is checked at once; a name is resolved within the policy's resolve timeout.
  const started = performance.now();
  const check = await checkHost(policy, host);
  if (!check.ok) return { ok: false, latencyMs: null, refused: true };
  return connectProbe(check.address, port, Math.max(1, timeoutMs - (performance.now() - started)));
}

/** A TCP connection to an address already checked (never a name: it would be resolved again). */
function connectProbe(address: string, port: number, timeoutMs: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: address, port });
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      resolve({ ok, latencyMs: ok ? Math.round(performance.now() - started) : null });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * Connections opened per second at most. Many probes may wait on a slow camera at once (the
 * concurrency), but opening sockets costs the API's event loop CPU: pacing the openings spreads
 * that cost over the interval instead of stalling requests (20,000 cameras: 10 s at 2,000/s).
 */
const STARTS_PER_SECOND = 2000;

export async function probeMany(
  policy: OutboundPolicy,
  targets: ProbeTarget[],
  timeoutMs: number,
  concurrency: number,
) {
  const results = new Array<ProbeResult & { companyId: string }>(targets.length);
  const spacingMs = 1000 / STARTS_PER_SECOND;
  let nextStartAt = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < targets.length; i = next++) {
      const startAt = Math.max(nextStartAt, performance.now());
      nextStartAt = startAt + spacingMs;
      const wait = startAt - performance.now();
      if (wait >= 1) await sleep(wait);
      const t = targets[i] as ProbeTarget;
      const r = await tcpProbe(policy, t.host, t.port, timeoutMs);
      results[i] = {
        companyId: t.companyId,
        cameraId: t.cameraId,
        ok: r.ok,
        latencyMs: r.latencyMs,
        at: new Date(),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return results;
}
