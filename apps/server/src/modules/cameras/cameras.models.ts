import type { Camera } from '@vigie/contract/cameras.contract';
import type { cameras } from '../../db/schema';

export type CameraRow = typeof cameras.$inferSelect;
export type CameraWithSite = Omit<CameraRow, 'searchText'> & { siteName: string };

/** The API shape of a camera: the stream credentials never leave the server, only their presence. */
export const toCameraDto = (c: CameraWithSite): Camera => ({
  id: c.id,
  siteId: c.siteId,
  siteName: c.siteName,
  name: c.name,
  location: c.location,
  type: c.type,
  resolution: c.resolution,
  ipAddress: c.ipAddress,
  rtspUrl: c.rtspUrl,
  snapshotUrl: c.snapshotUrl,
  nightVision: c.nightVision,
  motionDetection: c.motionDetection,
  recording: c.recording,
  status: c.status,
  lastPing: c.lastPing ? c.lastPing.toISOString() : null,
  onvifUrl: c.onvifUrl,
  liveTranscode: c.liveTranscode,
  preAlarmSeconds: c.preAlarmSeconds,
  hasCredentials: c.streamUsername !== null || c.streamPassword !== null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const defaultPorts: Record<string, number> = { 'rtsp:': 554, 'rtsps:': 322, 'http:': 80, 'https:': 443 };

const hostPortOf = (url: string) => {
  try {
    const u = new URL(url);
    const port = u.port ? Number(u.port) : defaultPorts[u.protocol];
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    if (host && port) return { probeHost: host, probePort: port };
  } catch {
    // validated by the contract; an unparsable URL simply is not probed
  }
  return null;
};

/**
 * Where the health monitor connects: the stream URL's host and port, else the snapshot URL's (a
 * camera that only serves still images), else the IP on RTSP's 554 (a guess, after what is given).
 */
export function probeTarget(
  rtspUrl: string | null,
  ipAddress: string | null,
  snapshotUrl: string | null = null,
) {
  const given = (rtspUrl ? hostPortOf(rtspUrl) : null) ?? (snapshotUrl ? hostPortOf(snapshotUrl) : null);
  if (given) return given;
  if (ipAddress) return { probeHost: ipAddress, probePort: 554 };
  return { probeHost: null, probePort: null };
}

/**
 * Moves `user:password@` out of a URL: a stream URL is shown to every user of the company, its
 * credentials must not be.
 */
export function splitUrlCredentials(url: string | null | undefined) {
  if (!url) return { url, username: undefined, password: undefined };
  const u = new URL(url);
  if (!u.username && !u.password) return { url, username: undefined, password: undefined };
  const username = decodeURIComponent(u.username) || undefined;
  const password = decodeURIComponent(u.password) || undefined;
  u.username = '';
  u.password = '';
  return { url: u.toString(), username, password };
}
