// Every address the server connects to on a tenant's behalf (camera streams and snapshots, ONVIF,
// push endpoints, any future webhook) goes through this file: the host is resolved once, each
// address is checked against the internal ranges, and the caller connects to the address checked —
// never to the name again, so a second resolution (DNS rebinding) cannot lead elsewhere.
//
// Refused unless the operator's CAMERA_ALLOWED_NETWORKS opens them: loopback, private (RFC 1918),
// link-local, CGNAT, unique-local, unspecified, multicast, broadcast and reserved addresses, in
// IPv4, IPv6 and the IPv6 forms that carry an IPv4 address (mapped, compatible, translated, NAT64,
// 6to4), so that ::ffff:127.0.0.1 is refused like 127.0.0.1.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to its addresses (dns.lookup by default; tests inject their own). */
export type Resolve = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export type RefusedRange =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

export interface OutboundPolicy {
  /** The operator's allowed networks, canonical CIDRs (for logs and the worker thread). */
  readonly allowedNetworks: readonly string[];
  readonly allowed: BlockList;
  readonly resolve: Resolve;
  /** How long a name may take to resolve before it counts as unresolved. */
  readonly resolveTimeoutMs: number;
}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The canonical CIDR of an address or a range (`10.8.0.7/16` → `10.8.0.0/16`, `::1` → `::1/128`,
 * `::ffff:10.0.0.0/104` → `10.0.0.0/8`), or null. No zod here: the probe's worker thread loads
 * this file at every round, and it stays light.
 */
export function toCidr(text: string): string | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0 || address.includes('%')) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  const bytes = version === 4 ? address.split('.').map(Number) : v6Bytes(address);
  const masked = (b: number[], bits: number) =>
    b.map((x, i) => x & (0xff << (8 - Math.max(0, Math.min(8, bits - 8 * i)))) & 0xff);
  if (version === 4) return `${masked(bytes, prefix).join('.')}/${prefix}`;
  // An IPv4-mapped range is the IPv4 range it maps.
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff && prefix >= 96)
    return `${masked(bytes.slice(12), prefix - 96).join('.')}/${prefix - 96}`;
  const m = masked(bytes, prefix);
  const groups = Array.from({ length: 8 }, (_, i) =>
    (((m[2 * i] ?? 0) << 8) | (m[2 * i + 1] ?? 0)).toString(16),
  );
  // RFC 5952: the longest run of two or more zero groups becomes ::.
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const text6 =
    best.len < 2
      ? groups.join(':')
      : `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.len).join(':')}`;
  return `${text6}/${prefix}`;
}

/**
 * CAMERA_ALLOWED_NETWORKS: CIDRs or single addresses, IPv4 or IPv6, separated by commas (or
 * spaces). Throws on an entry that is not one, so that a typo stops the start-up instead of
 * leaving a network closed (or open) by surprise.
 */
export function parseAllowedNetworks(text: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (text ?? '').split(/[\s,]+/)) {
    if (raw === '') continue;
    const cidr = toCidr(raw);
    if (!cidr) {
      throw new Error(
        `CAMERA_ALLOWED_NETWORKS: "${raw}" is not an IPv4 or IPv6 address or CIDR range (e.g. 10.8.0.0/16, fd00::/8)`,
      );
    }
    if (!out.includes(cidr)) out.push(cidr);
  }
  return out;
}

export function createOutboundPolicy(opts: {
  allowedNetworks: readonly string[];
  resolve?: Resolve;
  resolveTimeoutMs?: number;
}): OutboundPolicy {
  const allowed = new BlockList();
  for (const entry of opts.allowedNetworks) {
    const cidr = toCidr(entry);
    if (!cidr) throw new Error(`not a CIDR range: ${entry}`);
    const at = cidr.lastIndexOf('/');
    const net = cidr.slice(0, at);
    allowed.addSubnet(net, Number(cidr.slice(at + 1)), net.includes(':') ? 'ipv6' : 'ipv4');
  }
  return {
    allowedNetworks: [...opts.allowedNetworks],
    allowed,
    resolve: opts.resolve ?? systemResolve,
    resolveTimeoutMs: opts.resolveTimeoutMs ?? 3000,
  };
}

// ---------------------------------------------------------------------------------------------
// The decision on one address (no I/O).

const v4ToInt = (ip: string) => ip.split('.').reduce((n, p) => n * 256 + Number(p), 0);

/** [network, prefix, range]: the first match names the range. */
const v4Refused: [number, number, RefusedRange][] = (
  [
    ['255.255.255.255', 32, 'broadcast'],
    ['0.0.0.0', 8, 'unspecified'], // "this network": 0.0.0.0 reaches this machine on Linux
    ['127.0.0.0', 8, 'loopback'],
    ['10.0.0.0', 8, 'private'],
    ['172.16.0.0', 12, 'private'],
    ['192.168.0.0', 16, 'private'],
    ['100.64.0.0', 10, 'cgnat'],
    ['169.254.0.0', 16, 'link-local'],
    ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
    ['198.18.0.0', 15, 'reserved'], // benchmarking, used inside some networks
    ['224.0.0.0', 4, 'multicast'],
    ['240.0.0.0', 4, 'reserved'],
  ] as const
).map(([net, prefix, range]) => [v4ToInt(net), prefix, range]);

function classifyV4(ip: string): RefusedRange | null {
  const n = v4ToInt(ip);
  for (const [net, prefix, range] of v4Refused) {
    const size = 2 ** (32 - prefix);
    if (Math.floor(n / size) === Math.floor(net / size)) return range;
  }
  return null;
}

/** 16 bytes of a valid IPv6 address (isIP already said so), dotted IPv4 tail included. */
function v6Bytes(ip: string): number[] {
  let s = ip;
  if (s.includes('.')) {
    const at = s.lastIndexOf(':');
    const v4 = s
      .slice(at + 1)
      .split('.')
      .map(Number);
    s = `${s.slice(0, at + 1)}${(((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16)}:${(((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16)}`;
  }
  const [left = '', right] = s.split('::');
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const all = [...l, ...Array.from({ length: 8 - l.length - r.length }, () => '0'), ...r];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

const zeros = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);
const dotted = (b: number[]) => b.join('.');

/** The IPv4 address an IPv6 address carries, and whether it is the mapped form (::ffff:a.b.c.d). */
function embeddedV4(b: number[]): { v4: string; mapped: boolean } | null {
  // ::ffff:a.b.c.d (mapped): a dual-stack socket reaches the IPv4 host itself.
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return { v4: dotted(b.slice(12)), mapped: true };
  // ::a.b.c.d (compatible, deprecated).
  if (zeros(b, 0, 12)) return { v4: dotted(b.slice(12)), mapped: false };
  // ::ffff:0:a.b.c.d (SIIT translated).
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12))
    return { v4: dotted(b.slice(12)), mapped: false };
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix).
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12))
    return { v4: dotted(b.slice(12)), mapped: false };
  // 2002:aabb:ccdd::/48 (6to4).
  if (b[0] === 0x20 && b[1] === 0x02) return { v4: dotted(b.slice(2, 6)), mapped: false };
  return null;
}

function classifyV6(b: number[]): RefusedRange | null {
  if (zeros(b, 0, 16)) return 'unspecified';
  if (zeros(b, 0, 15) && b[15] === 1) return 'loopback';
  const first = b[0] ?? 0;
  const second = b[1] ?? 0;
  if (first === 0xff) return 'multicast';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'private'; // fec0::/10, site-local
  if ((first & 0xfe) === 0xfc) return 'unique-local'; // fc00::/7
  // 64:ff9b:1::/48, NAT64 for local use.
  if (first === 0 && second === 0x64 && b[2] === 0xff && b[3] === 0x9b && b[4] === 0 && b[5] === 1)
    return 'private';
  return null;
}

export type AddressVerdict =
  | { allowed: true; address: string; family: 4 | 6 }
  | { allowed: false; address: string; range: RefusedRange };

/**
 * Whether the server may connect to this IP address (an address, not a name). `address` is the
 * one to connect to: the IPv4 address itself for an IPv4-mapped one. An operator's allowed network
 * opens an address whether it is written as IPv4 or as its mapped form.
 */
export function checkAddress(policy: OutboundPolicy, ip: string): AddressVerdict {
  const version = isIP(ip);
  if (version === 4) {
    if (policy.allowed.check(ip, 'ipv4')) return { allowed: true, address: ip, family: 4 };
    const range = classifyV4(ip);
    return range ? { allowed: false, address: ip, range } : { allowed: true, address: ip, family: 4 };
  }
  if (version !== 6 || ip.includes('%')) return { allowed: false, address: ip, range: 'reserved' };
  const bytes = v6Bytes(ip);
  const inner = embeddedV4(bytes);
  const target = inner?.mapped
    ? { address: inner.v4, family: 4 as const }
    : { address: ip, family: 6 as const };
  if (policy.allowed.check(ip, 'ipv6') || (inner && policy.allowed.check(inner.v4, 'ipv4')))
    return { allowed: true, ...target };
  const range = classifyV6(bytes) ?? (inner ? classifyV4(inner.v4) : null);
  return range ? { allowed: false, address: ip, range } : { allowed: true, ...target };
}

// ---------------------------------------------------------------------------------------------
// A host (a name or an address literal), resolved once.

export type HostCheck =
  | { ok: true; hostname: string; address: string; family: 4 | 6 }
  | { ok: false; reason: 'refused'; hostname: string; address: string; range: RefusedRange }
  | { ok: false; reason: 'invalid'; hostname: string }
  | { ok: false; reason: 'unresolved'; hostname: string };

/**
 * The host as a connection would read it: brackets dropped, and IPv4 shorthand that resolvers
 * accept (2130706433, 0x7f.1, 0177.0.0.1) read as the address it is, as URLs of http do.
 */
export function normalizeHost(host: string): string | null {
  let h = host.trim();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === '' || h.includes('%')) return null;
  if (isIP(h)) return h.toLowerCase();
  try {
    const name = new URL(`http://${h}/`).hostname;
    return name.startsWith('[') ? name.slice(1, -1) : name;
  } catch {
    return null;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = () => reject(signal?.reason ?? new Error('resolution timed out'));
    if (signal?.aborted) return fail();
    const timer = setTimeout(() => reject(new Error('resolution timed out')), ms);
    signal?.addEventListener('abort', fail, { once: true });
    p.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', fail);
    });
  });
}

/**
 * Resolves `host` once and answers the address to connect to: the first of its addresses that is
 * allowed. An IP literal is never resolved. A name none of whose addresses is allowed is refused
 * (named by its first address). Never opens a socket.
 */
export async function checkHost(
  policy: OutboundPolicy,
  host: string,
  signal?: AbortSignal,
): Promise<HostCheck> {
  const hostname = normalizeHost(host);
  if (hostname === null) return { ok: false, reason: 'invalid', hostname: host };
  const verdictOf = (v: AddressVerdict): HostCheck =>
    v.allowed
      ? { ok: true, hostname, address: v.address, family: v.family }
      : { ok: false, reason: 'refused', hostname, address: v.address, range: v.range };
  if (isIP(hostname)) return verdictOf(checkAddress(policy, hostname));
  let addresses: readonly { address: string }[];
  try {
    addresses = await withTimeout(policy.resolve(hostname), policy.resolveTimeoutMs, signal);
  } catch {
    return { ok: false, reason: 'unresolved', hostname };
  }
  let firstRefused: HostCheck | null = null;
  for (const { address } of addresses) {
    const v = checkAddress(policy, address);
    if (v.allowed) return verdictOf(v);
    firstRefused ??= verdictOf(v);
  }
  return firstRefused ?? { ok: false, reason: 'unresolved', hostname };
}

const rangeLabels: Record<RefusedRange, string> = {
  loopback: 'une adresse de bouclage (le serveur lui-même)',
  private: 'une adresse de réseau privé',
  'link-local': 'une adresse lien-local',
  cgnat: "une adresse partagée d'opérateur (CGNAT)",
  'unique-local': 'une adresse IPv6 locale unique',
  unspecified: 'une adresse non spécifiée',
  multicast: 'une adresse de multidiffusion',
  broadcast: 'une adresse de diffusion',
  reserved: 'une adresse réservée',
};

/** The French sentence of a refusal, for the field that holds the address. */
export function refusalMessage(check: Extract<HostCheck, { ok: false }>): string {
  if (check.reason === 'invalid') return `Adresse « ${check.hostname} » invalide`;
  if (check.reason === 'unresolved') return `Le nom « ${check.hostname} » ne correspond à aucune adresse`;
  // A name's address is not repeated: the answer must not turn into a map of internal names.
  const what =
    normalizeHost(check.hostname) === check.address
      ? `${check.address} est ${rangeLabels[check.range]}`
      : `« ${check.hostname} » désigne ${rangeLabels[check.range]}`;
  return (
    `Adresse refusée : ${what}. Le serveur ne se connecte pas aux réseaux internes, ` +
    "sauf à ceux que l'exploitant a ouverts (CAMERA_ALLOWED_NETWORKS)"
  );
}

/** An outbound connection refused before any socket: the host is internal, invalid or unknown. */
export class OutboundRefusedError extends Error {
  constructor(readonly check: Extract<HostCheck, { ok: false }>) {
    super(`outbound connection refused (${check.reason}): ${check.hostname}`);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP(S) to a checked address.

export interface OutboundHttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | null;
  signal?: AbortSignal;
}

/**
 * One HTTP(S) request to `url` on a tenant's behalf: the host is checked first (no socket, no
 * header, no credential leaves for a refused host), then the socket opens to the checked address
 * while the Host header and TLS (SNI, certificate check) keep the URL's name. Redirects are not
 * followed. Rejects with OutboundRefusedError before connecting, or with the request's error.
 */
export async function outboundRequest(
  policy: OutboundPolicy,
  url: URL,
  opts: OutboundHttpOptions = {},
): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError({ ok: false, reason: 'invalid', hostname: url.hostname });
  }
  const check = await checkHost(policy, url.hostname, opts.signal);
  if (!check.ok) throw new OutboundRefusedError(check);
  opts.signal?.throwIfAborted();
  const secure = url.protocol === 'https:';
  const request = (secure ? https : http).request({
    host: check.address,
    family: check.family,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    method: opts.method ?? 'GET',
    headers: { host: url.host, ...opts.headers },
    // SNI and the certificate's name are the URL's host (never an address: SNI cannot carry one).
    ...(secure && !isIP(check.hostname) ? { servername: check.hostname } : {}),
    // A connection of its own: never a pooled socket to another address.
    agent: false,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
    request.end(opts.body ? Buffer.from(opts.body) : undefined);
  });
}
