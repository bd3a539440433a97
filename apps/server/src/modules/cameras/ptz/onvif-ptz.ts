// Our small interface over the `onvif` library: a PTZ camera that moves, stops and goes to its
// presets. The rest of the server sees `PtzDevice` only, so the library can be replaced (or faked)
// without touching the service.
//
// Outbound rule (lib/outbound-address.ts): the host of the ONVIF URL is resolved and checked once,
// and the library is given the checked IP literal as its hostname, so it never resolves a name
// itself. What the library does with addresses, read in onvif@0.8.3 (lib/cam.js, `_requestPart2`):
// - every service request (device, media, PTZ) is sent to the constructor's `hostname` and `port`;
//   of the service addresses (XAddr) the device returns in GetServices/GetCapabilities, only the
//   path is used. A device answering `http://10.0.0.5/onvif/ptz` does not send the PTZ commands to
//   10.0.0.5, only to the path /onvif/ptz of the address checked.
// - the one exception is the event subscription (lib/events.js), which posts to the subscription
//   address the device returns; this file never subscribes to events. `preserveAddress` is set
//   anyway, which makes the library rewrite every parsed XAddr to the checked address and port.
// - the library never follows redirects.
// Belt and braces: the library's sockets come from an agent pinned to the checked address and port,
// which refuses to open any other connection, whatever a future version of the library does.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { PtzDirection } from '@vigie/contract/camera-ptz.contract';
import { Cam } from 'onvif';
import { checkHost, type OutboundPolicy, OutboundRefusedError } from '../../../lib/outbound-address';

/** Every ONVIF call is answered within this time or counts as a camera that does not answer. */
export const ONVIF_TIMEOUT_MS = 3000;

export interface PtzPreset {
  token: string;
  name: string;
}

export interface PtzDevice {
  /** Continuous move at `speed` (0–1) for `ms`, then stop. */
  move(direction: PtzDirection, speed: number, ms: number): Promise<void>;
  stop(): Promise<void>;
  presets(): Promise<PtzPreset[]>;
  gotoPreset(token: string): Promise<void>;
}

export interface OnvifTarget {
  /** The device service URL (http://camera/onvif/device_service). */
  url: string;
  username: string | null;
  password: string | null;
}

export type PtzFailure = 'timeout' | 'unreachable' | 'unauthorized' | 'unsupported' | 'refused';

/** A camera that did not answer, or not as a PTZ camera should. */
export class PtzError extends Error {
  constructor(
    readonly kind: PtzFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Preset tokens the API can name back (the contract's rule): others are not listed. */
const presetToken = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_PRESETS = 256;
const MAX_PRESET_NAME = 100;
/** A profile list of a large recorder stays well under this; a camera sending more is cut off. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const velocities: Record<PtzDirection, { x?: number; y?: number; zoom?: number }> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: 1 },
  down: { x: 0, y: -1 },
  zoom_in: { zoom: 1 },
  zoom_out: { zoom: -1 },
};

/** The library writes the user name into the SOAP header as it is. */
const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
]);

function classify(err: unknown, what: string): PtzError {
  if (err instanceof PtzError) return err;
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? e.code : '';
  const made = (kind: PtzFailure) => new PtzError(kind, `${what}: ${message}`, { cause: err });
  if (message === 'Network timeout') return made('timeout');
  if (/not ?authori[sz]ed|authentication failed|unauthori[sz]ed/i.test(message)) return made('unauthorized');
  // Refused or lost connections, and TLS that fails (a certificate not trusted for the URL's name).
  if (networkCodes.has(code) || /TLS|SSL|CERT|SIGNATURE/.test(code)) return made('unreachable');
  if (message.startsWith('ONVIF SOAP Fault')) return made('refused');
  // Not SOAP at all, or SOAP the library could not read: not an ONVIF service.
  return made('unsupported');
}

type Callback<T> = (err: Error | null, data?: T, xml?: string) => void;

/**
 * One library call as a promise, settled once (the library may call back twice when a callback of
 * its own throws) and within `ms` whatever the device does.
 */
function callWithin<T>(what: string, ms: number, run: (cb: Callback<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      reject(new PtzError('timeout', `${what}: no answer within ${ms} ms`));
    }, ms);
    const settle = (err: unknown, data?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(classify(err, what));
      else resolve(data as T);
    };
    try {
      run((err, data) => settle(err, data));
    } catch (err) {
      settle(err ?? new Error('failed'));
    }
  });
}

/**
 * An agent whose only connection is to the address and port checked, and whose connections read at
 * most MAX_ANSWER_BYTES: the library buffers a whole answer, however large, before parsing it.
 */
export function pinnedAgent(secure: boolean, address: string, port: number): http.Agent {
  const agent = secure ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  const open = agent.createConnection.bind(agent) as http.Agent['createConnection'];
  agent.createConnection = (options, callback) => {
    if (options.host !== address || Number(options.port) !== port) {
      const refused = new Error(`ONVIF connection to ${options.host} refused: not the address checked`);
      callback?.(Object.assign(refused, { code: 'ECONNREFUSED' }), undefined as never);
      return undefined;
    }
    const socket = open(options, callback);
    let read = 0;
    socket?.on('data', (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > MAX_ANSWER_BYTES) socket.destroy(new Error(`ONVIF answer over ${MAX_ANSWER_BYTES} bytes`));
    });
    return socket;
  };
  return agent;
}

const unxml = (s: string) =>
  s
    .replace(/&#(x[0-9a-f]{1,6}|[0-9]{1,7});/gi, (entity, n: string) => {
      const code = n[0] === 'x' || n[0] === 'X' ? Number.parseInt(n.slice(1), 16) : Number(n);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The presets of a GetPresets answer (the library checked it is SOAP without a fault), read from
 * the text: the library's parsed presets turn number-like tokens into numbers ("1.50" → 1.5) and
 * keep one preset per name, and a preset must be named back with its token exactly.
 */
export function presetsIn(answer: string): PtzPreset[] {
  const out: PtzPreset[] = [];
  const element = /<(?:[\w-]+:)?Preset\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w-]+:)?Preset>)/g;
  for (const m of answer.matchAll(element)) {
    const token = unxml(/\btoken=(["'])(.*?)\1/.exec(m[1] ?? '')?.[2] ?? '');
    if (!presetToken.test(token) || out.some((p) => p.token === token)) continue;
    const name = unxml(/<(?:[\w-]+:)?Name\b[^>]*>([^<]*)</.exec(m[2] ?? '')?.[1] ?? '').trim();
    out.push({ token, name: (name || token).slice(0, MAX_PRESET_NAME) });
    if (out.length >= MAX_PRESETS) break;
  }
  return out;
}

interface Profile {
  $?: { token?: unknown };
  PTZConfiguration?: unknown;
}

/**
 * Checks the URL's host against the outbound policy (OutboundRefusedError before any socket), then
 * reads what a PTZ command needs from the camera: its clock (for WS-Security), its PTZ service and
 * the first media profile that has a PTZ configuration.
 */
export async function openPtzDevice(
  policy: OutboundPolicy,
  target: OnvifTarget,
  opts: { timeoutMs?: number } = {},
): Promise<PtzDevice> {
  const ms = opts.timeoutMs ?? ONVIF_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new OutboundRefusedError({ ok: false, reason: 'invalid', hostname: target.url });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError({ ok: false, reason: 'invalid', hostname: url.hostname });
  }
  const check = await checkHost(policy, url.hostname);
  if (!check.ok) throw new OutboundRefusedError(check);
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const credentials =
    target.username !== null && target.password !== null
      ? { username: xmlText(target.username), password: target.password }
      : {};
  const agent = pinnedAgent(secure, check.address, port);
  const cam = new Cam({
    hostname: check.address,
    port,
    path: `${url.pathname}${url.search}`,
    ...credentials,
    timeout: ms,
    autoconnect: false,
    preserveAddress: true,
    useSecure: secure,
    // SNI and the certificate's name stay the URL's host, as in outboundRequest.
    secureOpts: secure && !isIP(check.hostname) ? { servername: check.hostname } : {},
    agent,
  });
  // A call that timed out leaves its socket to the library, which would keep reading from a camera
  // that trickles bytes: its connections are cut at once.
  const call = <T>(what: string, run: (cb: Callback<T>) => void) =>
    callWithin<T>(what, ms, run).catch((err: unknown) => {
      if (err instanceof PtzError && err.kind === 'timeout') agent.destroy();
      throw err;
    });

  await call<Date>('GetSystemDateAndTime', (cb) => cam.getSystemDateAndTime(cb));
  try {
    await call('GetServices', (cb) => cam.getServices(true, cb));
  } catch (err) {
    // Devices of the first ONVIF versions know GetCapabilities only (they answer a fault, or no SOAP).
    if (!(err instanceof PtzError) || (err.kind !== 'refused' && err.kind !== 'unsupported')) throw err;
    await call('GetCapabilities', (cb) => cam.getCapabilities(cb));
  }
  if (!cam.uri?.ptz) throw new PtzError('unsupported', 'the device has no PTZ service');
  let profiles: Profile[];
  try {
    profiles = await call<Profile[]>('GetProfiles', (cb) => cam.getProfiles(cb));
  } catch (err) {
    // Some devices announce Media2 and answer it badly: the library falls back to Media1, so do we.
    if (!cam.media2Support || !(err instanceof PtzError) || err.kind === 'timeout') throw err;
    cam.media2Support = false;
    profiles = await call<Profile[]>('GetProfiles', (cb) => cam.getProfiles(cb));
  }
  const profile = (Array.isArray(profiles) ? profiles : []).find((p) => p?.PTZConfiguration && p.$?.token);
  if (!profile) throw new PtzError('unsupported', 'no media profile has a PTZ configuration');
  const profileToken = String(profile.$?.token);

  const stop = () =>
    call('Stop', (cb) => cam.stop({ profileToken, panTilt: true, zoom: true }, cb)).then(() => undefined);

  return {
    async move(direction, speed, duration) {
      const v = velocities[direction];
      const scale = (n: number | undefined) => (n === undefined ? undefined : n * speed);
      try {
        await call('ContinuousMove', (cb) =>
          cam.continuousMove(
            {
              profileToken,
              x: scale(v.x),
              y: scale(v.y),
              zoom: scale(v.zoom),
              // Pan/tilt or zoom alone: some cameras refuse a velocity that names both.
              ...(v.zoom === undefined ? { onlySendPanTilt: true } : { onlySendZoom: true }),
              // The camera stops by itself after the duration, should our Stop never reach it.
              timeout: duration,
            },
            cb,
          ),
        );
      } catch (err) {
        // The move may have started although its answer was lost: never leave the camera turning.
        await stop().catch(() => undefined);
        throw err;
      }
      await new Promise((r) => setTimeout(r, duration));
      await stop();
    },
    stop,
    async presets() {
      const raw = await call<string>('GetPresets', (cb) =>
        cam.getPresets({ profileToken }, (err, _data, xml) => cb(err, xml)),
      );
      return presetsIn(raw ?? '');
    },
    async gotoPreset(token) {
      // The library writes the token into the SOAP body as it is: only a safe token travels.
      if (!presetToken.test(token)) throw new PtzError('refused', 'invalid preset token');
      await call('GotoPreset', (cb) => cam.gotoPreset({ profileToken, preset: token }, cb));
    },
  };
}
