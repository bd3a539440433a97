// The outbound decision, without any I/O: every refused range in IPv4, IPv6 and the IPv6 forms that
// carry an IPv4 address, the operator's allowlist, names through an injected resolver (no test
// here makes a DNS query), and the French refusal. The one request made goes to 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalCidr } from '@vigie/contract/settings.contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkAddress,
  checkHost,
  createOutboundPolicy,
  normalizeHost,
  OutboundRefusedError,
  outboundRequest,
  parseAllowedNetworks,
  type Resolve,
  refusalMessage,
  toCidr,
} from './outbound-address';

const closed = createOutboundPolicy({ allowedNetworks: [] });
/** A resolver that never leaves the process: a fixed table, and a record of what it was asked. */
function table(entries: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('checkAddress: refused ranges', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.64', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['64:ff9b:1::a00:1', 'private'],
    // IPv4-mapped, in both spellings, and the other forms that carry an IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a01:203', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:255.255.255.255', 'broadcast'],
    ['::ffff:192.168.0.1', 'private'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
    ['::7f00:1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'], // SIIT translated
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
  ];
  it.each(refused)('refuses %s (%s)', (ip, range) => {
    expect(checkAddress(closed, ip)).toEqual({ allowed: false, address: ip, range });
  });

  const publicOnes: [string, string, 4 | 6][] = [
    ['8.8.8.8', '8.8.8.8', 4],
    ['192.0.2.10', '192.0.2.10', 4], // documentation: harmless, unroutable
    ['172.32.0.1', '172.32.0.1', 4],
    ['172.15.255.255', '172.15.255.255', 4],
    ['100.128.0.1', '100.128.0.1', 4],
    ['169.255.0.1', '169.255.0.1', 4],
    ['2001:db8::1', '2001:db8::1', 6],
    ['2606:4700::1111', '2606:4700::1111', 6],
    // A mapped public address is connected to as the IPv4 address it is.
    ['::ffff:8.8.8.8', '8.8.8.8', 4],
    ['64:ff9b::808:808', '64:ff9b::808:808', 6],
  ];
  it.each(publicOnes)('allows %s', (ip, address, family) => {
    expect(checkAddress(closed, ip)).toEqual({ allowed: true, address, family });
  });

  it('refuses what is no address at all, and zone identifiers', () => {
    expect(checkAddress(closed, 'camera.example').allowed).toBe(false);
    expect(checkAddress(closed, 'fe80::1%eth0').allowed).toBe(false);
  });
});

describe("the operator's allowed networks", () => {
  it('parses CIDRs and single addresses, IPv4 and IPv6, commas or spaces, into canonical ranges', () => {
    expect(parseAllowedNetworks('10.8.0.7/16, fd00:1::/64 ,192.168.1.64 ::1/128,10.8.0.0/16')).toEqual([
      '10.8.0.0/16',
      'fd00:1::/64',
      '192.168.1.64/32',
      '::1/128',
    ]);
    expect(parseAllowedNetworks('')).toEqual([]);
    expect(parseAllowedNetworks(undefined)).toEqual([]);
  });

  it('writes ranges as the IP allowlist of the settings does (same canonical form)', () => {
    const samples = [
      '10.8.0.7/16',
      '0.0.0.0/0',
      '192.168.1.64',
      '::1',
      '::/0',
      '2001:DB8::1/32',
      'fe80::1:2:3:4/10',
      '::ffff:10.0.0.0/104',
      '::ffff:7f00:1',
      '1:0:0:1:0:0:0:1/128',
      '1:0:0:2:0:0:1:1',
      'fd00:0:0:0:0:0:0:0/8',
    ];
    for (const sample of samples) expect(toCidr(sample), sample).toBe(canonicalCidr(sample));
    for (const bad of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0/8',
      '10.0.0.0/08',
      'fe80::1%eth0',
      'x',
      '1.2.3.4/8/8',
    ])
      expect(toCidr(bad), bad).toBeNull();
  });

  it('stops the start-up on an entry that is no range', () => {
    expect(() => parseAllowedNetworks('10.0.0.0/8,intranet')).toThrow(/CAMERA_ALLOWED_NETWORKS: "intranet"/);
    expect(() => parseAllowedNetworks('10.0.0.0/33')).toThrow(/CAMERA_ALLOWED_NETWORKS/);
  });

  it('opens exactly the listed ranges, whether the address is written as IPv4 or mapped', () => {
    const vpn = createOutboundPolicy({ allowedNetworks: parseAllowedNetworks('10.8.0.0/16,fd00:1::/64') });
    expect(checkAddress(vpn, '10.8.3.4')).toEqual({ allowed: true, address: '10.8.3.4', family: 4 });
    expect(checkAddress(vpn, '::ffff:10.8.3.4')).toEqual({ allowed: true, address: '10.8.3.4', family: 4 });
    expect(checkAddress(vpn, '::ffff:a08:304')).toEqual({ allowed: true, address: '10.8.3.4', family: 4 });
    expect(checkAddress(vpn, 'fd00:1::5')).toEqual({ allowed: true, address: 'fd00:1::5', family: 6 });
    // Next door stays closed.
    expect(checkAddress(vpn, '10.9.0.1')).toMatchObject({ allowed: false, range: 'private' });
    expect(checkAddress(vpn, 'fd00:2::5')).toMatchObject({ allowed: false, range: 'unique-local' });
    expect(checkAddress(vpn, '127.0.0.1')).toMatchObject({ allowed: false, range: 'loopback' });
    expect(checkAddress(vpn, '::ffff:127.0.0.1')).toMatchObject({ allowed: false, range: 'loopback' });
  });

  it('opens loopback for the tests and the demo only when listed', () => {
    const loop = createOutboundPolicy({ allowedNetworks: parseAllowedNetworks('127.0.0.0/8,::1/128') });
    expect(checkAddress(loop, '127.0.0.1').allowed).toBe(true);
    expect(checkAddress(loop, '::1')).toEqual({ allowed: true, address: '::1', family: 6 });
    expect(checkAddress(loop, '::ffff:127.0.0.1')).toEqual({
      allowed: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect(checkAddress(loop, '10.0.0.1').allowed).toBe(false);
    expect(checkAddress(loop, '0.0.0.0').allowed).toBe(false);
  });
});

describe('checkHost: literals and names, resolved once', () => {
  it('decides a literal without resolving it, shorthand IPv4 included', async () => {
    const { resolve, asked } = table({});
    const policy = createOutboundPolicy({ allowedNetworks: [], resolve });
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '[::ffff:7f00:1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
    ]) {
      expect(await checkHost(policy, host)).toMatchObject({
        ok: false,
        reason: 'refused',
        range: 'loopback',
      });
    }
    expect(await checkHost(policy, '0x0a000001')).toMatchObject({ ok: false, range: 'private' });
    expect(await checkHost(policy, '203.0.113.7')).toEqual({
      ok: true,
      hostname: '203.0.113.7',
      address: '203.0.113.7',
      family: 4,
    });
    expect(asked).toEqual([]);
  });

  it('refuses a name that designates an internal address, and answers the address checked for the others', async () => {
    const { resolve, asked } = table({
      'cam.internal.test': ['10.0.0.5'],
      'rebind.test': ['::ffff:127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
      'camera.public.test': ['203.0.113.20', '2001:db8::20'],
      'mixed.test': ['127.0.0.1', '203.0.113.21'],
    });
    const policy = createOutboundPolicy({ allowedNetworks: [], resolve });
    expect(await checkHost(policy, 'cam.internal.test')).toEqual({
      ok: false,
      reason: 'refused',
      hostname: 'cam.internal.test',
      address: '10.0.0.5',
      range: 'private',
    });
    expect(await checkHost(policy, 'REBIND.test')).toMatchObject({ ok: false, range: 'loopback' });
    expect(await checkHost(policy, 'localhost')).toMatchObject({ ok: false, range: 'loopback' });
    expect(await checkHost(policy, 'camera.public.test')).toEqual({
      ok: true,
      hostname: 'camera.public.test',
      address: '203.0.113.20',
      family: 4,
    });
    // The connection goes to the allowed address only, never to the internal one.
    expect(await checkHost(policy, 'mixed.test')).toMatchObject({ ok: true, address: '203.0.113.21' });
    expect(await checkHost(policy, 'unknown.test')).toEqual({
      ok: false,
      reason: 'unresolved',
      hostname: 'unknown.test',
    });
    expect(asked).toEqual([
      'cam.internal.test',
      'rebind.test',
      'localhost',
      'camera.public.test',
      'mixed.test',
      'unknown.test',
    ]);
    const opened = createOutboundPolicy({ allowedNetworks: ['10.0.0.0/8'], resolve });
    expect(await checkHost(opened, 'cam.internal.test')).toMatchObject({ ok: true, address: '10.0.0.5' });
  });

  it('gives up on a name that does not resolve in time', async () => {
    const policy = createOutboundPolicy({
      allowedNetworks: [],
      resolve: () => new Promise(() => {}),
      resolveTimeoutMs: 20,
    });
    expect(await checkHost(policy, 'slow.test')).toMatchObject({ ok: false, reason: 'unresolved' });
  });

  it('says in French why, without repeating the internal address a name resolves to', async () => {
    const { resolve } = table({ 'nvr.site.test': ['192.168.1.10'] });
    const policy = createOutboundPolicy({ allowedNetworks: [], resolve });
    const literal = await checkHost(policy, '127.0.0.1');
    const named = await checkHost(policy, 'nvr.site.test');
    if (literal.ok || named.ok) throw new Error('expected refusals');
    expect(refusalMessage(literal)).toBe(
      'Adresse refusée : 127.0.0.1 est une adresse de bouclage (le serveur lui-même). Le serveur ne se ' +
        "connecte pas aux réseaux internes, sauf à ceux que l'exploitant a ouverts (CAMERA_ALLOWED_NETWORKS)",
    );
    expect(refusalMessage(named)).toContain('« nvr.site.test » désigne une adresse de réseau privé');
    expect(refusalMessage(named)).not.toContain('192.168.1.10');
  });

  it('normalizes hosts as a connection reads them', () => {
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('2130706433')).toBe('127.0.0.1');
    expect(normalizeHost('Camera.Example')).toBe('camera.example');
    expect(normalizeHost('')).toBeNull();
    expect(normalizeHost('fe80::1%25eth0')).toBeNull();
  });
});

describe('outboundRequest', () => {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    res.setHeader('content-type', 'text/plain');
    res.end(`host=${req.headers.host}`);
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses before any socket, and never resolves twice: the name keeps its Host header', async () => {
    const { resolve, asked } = table({ 'cam.test': ['127.0.0.1'] });
    const closedPolicy = createOutboundPolicy({ allowedNetworks: [], resolve });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://cam.test:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
    ]) {
      await expect(outboundRequest(closedPolicy, new URL(url))).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(hits).toBe(0);

    const open = createOutboundPolicy({ allowedNetworks: ['127.0.0.0/8'], resolve: vi.fn(resolve) });
    const res = await outboundRequest(open, new URL(`http://cam.test:${port}/image`));
    let body = '';
    for await (const chunk of res) body += String(chunk);
    expect(body).toBe(`host=cam.test:${port}`);
    expect(hits).toBe(1);
    expect(open.resolve).toHaveBeenCalledTimes(1);
    // One resolution per request (the refused one, then the allowed one), never a second one to connect.
    expect(asked.filter((h) => h === 'cam.test')).toHaveLength(2);
  });

  it('refuses schemes other than http and https', async () => {
    await expect(
      outboundRequest(
        createOutboundPolicy({ allowedNetworks: ['127.0.0.0/8'] }),
        new URL('ftp://127.0.0.1/'),
      ),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
