// What the simulator needs, asked of the public API as the demo's owner: the sites, the cameras
// streaming on this machine, the alarm panels and where the receiver listens, the access points,
// the badges (NFC numbers and signed QR payloads) and the radios and channels; and its own keys.
//
// Keys are shown once and only their hash is kept, so the simulator cannot reuse the seed's keys.
// At each start it revokes the keys it created the previous time (named « Simulateur — … ») and
// creates fresh ones: nothing secret is stored anywhere, the key lists show the devices that are
// live, and a simulator that died without cleaning up leaves keys that the next start revokes.
// Likewise the panels' AES keys: about a third of the panels get a fresh one at each start (PATCH
// /api/panels/:id), known only to this process; the others send in clear.
import { randomBytes } from 'node:crypto';
import type { DeviceHttp } from './http';
import { type DemoPanel, type ReceiverTarget, receiverReachable } from './panels';

export const KEY_PREFIX = 'Simulateur — ';

export interface Reader {
  key: string;
  pointId: string;
  siteId: string;
}
export interface Credential {
  credential: string;
  type: 'qrcode' | 'nfc';
  siteIds: string[];
}
export interface Handset {
  imei: string;
  lat: number;
  lng: number;
  battery: number;
}
export interface SimulatorSetup {
  panels: DemoPanel[];
  /** Where the panels dial DC-09; null when they fall back to the JSON integrations API. */
  receiver: ReceiverTarget | null;
  readers: Reader[];
  credentials: Credential[];
  radioKey: string;
  handsets: Handset[];
  channels: { general: string | null; emergency: string | null; all: string[] };
  /** Ports of the cameras whose stream is on 127.0.0.1. */
  cameraPorts: number[];
  /** The agents' accounts (they clock in), and where each site is. */
  agentEmails: string[];
  sites: { id: string; lat: number; lng: number }[];
}

interface Site {
  id: string;
  name: string;
  status: string;
  latitude: number | null;
  longitude: number | null;
}
interface Key {
  id: string;
  name: string;
  key?: string;
}

const keyName = (what: string) => `${KEY_PREFIX}${what}`.slice(0, 100);

/** Revokes this simulator's earlier keys on a key list, then creates one fresh key. */
async function freshKey(http: DeviceHttp, auth: Record<string, string>, listPath: string, name: string) {
  const keys = await http.expect<Key[]>(200, 'GET', listPath, { headers: auth });
  for (const k of keys.filter((k) => k.name.startsWith(KEY_PREFIX)))
    await http.expect(204, 'DELETE', `${listPath}/${k.id}`, { headers: auth });
  return (await http.expect<Key>(201, 'POST', listPath, { headers: auth, body: { name } })).key as string;
}

/** Signs in as the demo's owner; answers the authorization header. */
export async function signIn(http: DeviceHttp, login: { email: string; password: string }) {
  const body = await http.expect<{ access_token: string }>(200, 'POST', '/api/auth/login', { body: login });
  return { authorization: `Bearer ${body.access_token}` };
}

interface PanelRow {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  account: string;
  hasAesKey: boolean;
  zones: { number: number; name: string }[];
}

/** The receiver the panels can dial, or why they cannot (French, for the console). */
async function readReceiver(
  http: DeviceHttp,
  auth: Record<string, string>,
): Promise<{ target: ReceiverTarget } | { why: string }> {
  const res = await http.send('GET', '/api/panels/receiver', { headers: auth });
  if (res.status !== 200) return { why: `adresse du récepteur d’alarmes illisible (${res.status})` };
  const r = res.body as { prefix: string; port: number | null; state: string; detail: string };
  if (r.state !== 'up' || r.port === null) return { why: `réception des alarmes indisponible (${r.detail})` };
  // The receiver listens on the app's host; the panels dial it on this machine.
  if (!(await receiverReachable(r.port)))
    return { why: `récepteur d’alarmes injoignable sur 127.0.0.1:${r.port}` };
  return { target: { prefix: r.prefix, port: r.port } };
}

/**
 * The company's alarm panels (the demo seed's). Over DC-09 when the receiver is up and answers,
 * with a fresh AES-128 key for about a third of them; else one integration key each (the JSON API),
 * said once on the console. The JSON keys of a previous start are revoked either way.
 */
async function preparePanels(http: DeviceHttp, auth: Record<string, string>, log: (line: string) => void) {
  const get = <T>(path: string) => http.expect<T>(200, 'GET', path, { headers: auth });
  const rows = await get<PanelRow[]>('/api/panels?limit=500');
  const alarmKeys = await get<Key[]>('/api/integrations/keys');
  for (const k of alarmKeys.filter((k) => k.name.startsWith(KEY_PREFIX)))
    await http.expect(204, 'DELETE', `/api/integrations/keys/${k.id}`, { headers: auth });
  const base = (p: PanelRow) => ({
    id: p.id,
    name: p.name,
    siteId: p.siteId,
    siteName: p.siteName,
    account: p.account,
    zones: p.zones,
  });
  const receiver = await readReceiver(http, auth);
  const panels: DemoPanel[] = [];
  if ('target' in receiver) {
    for (const [i, p] of rows.entries()) {
      const aesKey = i % 3 === 0 ? randomBytes(16) : null;
      // A key left by a previous start is removed: that panel sends in clear this time.
      if (aesKey || p.hasAesKey)
        await http.expect(200, 'PATCH', `/api/panels/${p.id}`, {
          headers: auth,
          body: { aesKey: aesKey ? aesKey.toString('hex').toUpperCase() : null },
        });
      panels.push({ ...base(p), aesKey, apiKey: null });
    }
    return { panels, receiver: receiver.target };
  }
  log(`simulateur : ${receiver.why} ; les centrales d’alarme passent par l’API JSON des intégrations`);
  for (const p of rows) {
    const created = await http.expect<Key>(201, 'POST', '/api/integrations/keys', {
      headers: auth,
      body: { name: keyName(`centrale ${p.siteName}`) },
    });
    panels.push({ ...base(p), aesKey: null, apiKey: created.key as string });
  }
  return { panels, receiver: null };
}

/** `onCameraPorts` is called as soon as the cameras are read, before the keys are made. */
export async function prepare(
  http: DeviceHttp,
  auth: Record<string, string>,
  onCameraPorts: (ports: number[]) => Promise<void> = async () => {},
  log: (line: string) => void = () => {},
): Promise<SimulatorSetup> {
  const get = <T>(path: string) => http.expect<T>(200, 'GET', path, { headers: auth });
  const sites = (await get<Site[]>('/api/sites?limit=500')).filter((s) => s.status === 'active');
  const cameras = await get<{ rtspUrl: string | null }[]>('/api/cameras?limit=500');
  const cameraPorts: number[] = [];
  for (const c of cameras) {
    if (!c.rtspUrl) continue;
    const url = new URL(c.rtspUrl);
    if ((url.hostname === '127.0.0.1' || url.hostname === 'localhost') && url.port)
      cameraPorts.push(Number(url.port));
  }
  await onCameraPorts(cameraPorts);

  const { panels, receiver } = await preparePanels(http, auth, log);

  const points = await get<{ id: string; siteId: string; status: string }[]>('/api/access/points?limit=500');
  const readers: Reader[] = [];
  for (const p of points) {
    const path = `/api/access/points/${p.id}/keys`;
    readers.push({
      key: await freshKey(http, auth, path, keyName('lecteur')),
      pointId: p.id,
      siteId: p.siteId,
    });
  }
  const badges = await get<
    { id: string; badgeType: 'qrcode' | 'nfc'; nfcUid: string | null; allowedSiteIds: string[] }[]
  >('/api/access/badges?limit=500');
  const credentials: Credential[] = [];
  for (const b of badges) {
    const credential =
      b.badgeType === 'nfc'
        ? b.nfcUid
        : (await get<{ payload: string }>(`/api/access/badges/${b.id}/qr`)).payload;
    if (credential) credentials.push({ credential, type: b.badgeType, siteIds: b.allowedSiteIds });
  }

  const radioKey = await freshKey(http, auth, '/api/radio/keys', keyName('passerelle radio'));
  const radios = await get<
    {
      radioId: string;
      status: string;
      agentId: string | null;
      battery: number | null;
      lastLocation: { lat: number; lng: number } | null;
    }[]
  >('/api/radio/radios/?limit=500');
  const fallback = sites.find((s) => s.latitude !== null && s.longitude !== null);
  const handsets: Handset[] = radios
    .filter((r) => r.status !== 'inactive' && r.agentId)
    .map((r) => ({
      imei: r.radioId,
      lat: r.lastLocation?.lat ?? fallback?.latitude ?? 48.8566,
      lng: r.lastLocation?.lng ?? fallback?.longitude ?? 2.3522,
      battery: r.battery ?? 80,
    }));
  const channels = await get<{ name: string; type: string }[]>('/api/radio/channels/?limit=500');
  const agents = await get<{ email: string }[]>('/api/users?role=agent&limit=500');
  return {
    panels,
    receiver,
    readers,
    credentials,
    radioKey,
    handsets,
    channels: {
      general: channels.find((c) => c.type === 'general')?.name ?? null,
      emergency: channels.find((c) => c.type === 'emergency')?.name ?? null,
      all: channels.filter((c) => c.type !== 'emergency').map((c) => c.name),
    },
    cameraPorts,
    agentEmails: agents.map((a) => a.email),
    sites: sites.flatMap((s) =>
      s.latitude !== null && s.longitude !== null ? [{ id: s.id, lat: s.latitude, lng: s.longitude }] : [],
    ),
  };
}
