// The allowlist check the auth plugin runs on every request: IPv4, IPv6, IPv4-mapped clients.
import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ip-allowlist';

describe('ipAllowed', () => {
  it('matches IPv4 clients against IPv4 ranges and single addresses', () => {
    const list = ['10.0.0.0/8', '192.168.1.7/32'];
    expect(ipAllowed('10.1.2.3', list)).toBe(true);
    expect(ipAllowed('192.168.1.7', list)).toBe(true);
    expect(ipAllowed('192.168.1.8', list)).toBe(false);
    expect(ipAllowed('11.0.0.1', list)).toBe(false);
  });

  it('takes an IPv4-mapped IPv6 client for the IPv4 client it is', () => {
    const list = ['10.0.0.0/8'];
    expect(ipAllowed('::ffff:10.0.0.1', list)).toBe(true);
    expect(ipAllowed('::FFFF:a00:1', list)).toBe(true);
    expect(ipAllowed('0:0:0:0:0:ffff:10.0.0.1', list)).toBe(true);
    expect(ipAllowed('::ffff:11.0.0.1', list)).toBe(false);
  });

  it('matches IPv6 clients against IPv6 ranges, whatever their spelling', () => {
    const list = ['2001:db8::/32', '::1/128'];
    expect(ipAllowed('2001:db8:0:0:0:0:0:42', list)).toBe(true);
    expect(ipAllowed('2001:DB8::42', list)).toBe(true);
    expect(ipAllowed('::1', list)).toBe(true);
    expect(ipAllowed('2001:db9::1', list)).toBe(false);
    expect(ipAllowed('fe80::1%eth0', ['fe80::/10'])).toBe(true);
    // An IPv4 client is not in an IPv6 range, and the other way round.
    expect(ipAllowed('10.0.0.1', list)).toBe(false);
    expect(ipAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
  });

  it('refuses what is not an address, and allows everyone with an empty list (no allowlist)', () => {
    expect(ipAllowed('', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('10.0.0.0/8', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('10.0.0.1', [])).toBe(true);
    expect(ipAllowed('not-an-ip', [])).toBe(true);
    expect(ipAllowed('10.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('reads entries that are not canonical, and skips those that are no range', () => {
    expect(ipAllowed('10.9.9.9', ['10.1.2.3/8'])).toBe(true);
    expect(ipAllowed('10.9.9.9', ['10.0.0.300/8', 'garbage', '10.9.9.9'])).toBe(true);
    expect(ipAllowed('1.2.3.4', ['::ffff:1.2.3.0/120'])).toBe(true);
  });

  it('answers the same for the same list object again (compiled once)', () => {
    const list = ['172.16.0.0/12'];
    for (let i = 0; i < 3; i++) expect(ipAllowed('172.20.1.1', list)).toBe(true);
    expect(ipAllowed('172.32.0.1', list)).toBe(false);
  });
});
