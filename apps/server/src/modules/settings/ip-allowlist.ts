// Whether a client address falls in the company's allowed ranges (Paramètres · Sécurité). The auth
// plugin asks it on every request of a company that has a list, so each list is compiled once into a
// node:net BlockList and kept as long as the list itself (the session cache holds the same array).
import { BlockList } from 'node:net';
import { canonicalCidr } from '@vigie/contract/settings.contract';

const compiled = new WeakMap<readonly string[], BlockList>();

function compile(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    // Stored lists are canonical already (the contract parses them); anything else is re-read, and
    // skipped if it is no range at all.
    const cidr = canonicalCidr(entry);
    if (!cidr) continue;
    const at = cidr.lastIndexOf('/');
    const net = cidr.slice(0, at);
    list.addSubnet(net, Number(cidr.slice(at + 1)), net.includes(':') ? 'ipv6' : 'ipv4');
  }
  return list;
}

/**
 * The client as BlockList checks it: `::ffff:10.0.0.1` (in any of its spellings) is the IPv4 client
 * 10.0.0.1 behind a dual-stack socket; a zone (`fe80::1%eth0`) is dropped.
 */
function clientOf(ip: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  if (ip.includes('/')) return null;
  const cidr = canonicalCidr(ip.split('%')[0] ?? '');
  if (!cidr || !(cidr.endsWith('/32') || cidr.endsWith('/128'))) return null;
  const address = cidr.slice(0, cidr.lastIndexOf('/'));
  return { address, type: address.includes(':') ? 'ipv6' : 'ipv4' };
}

/**
 * True when `ip` is inside one of `cidrs` (CIDRs, IPv4 or IPv6; an IPv4-mapped client matches the
 * IPv4 ranges). An empty list allows everyone ("no allowlist"); an address that is not one is refused.
 */
export function ipAllowed(ip: string, cidrs: readonly string[]): boolean {
  if (cidrs.length === 0) return true;
  const client = clientOf(ip);
  if (!client) return false;
  let list = compiled.get(cidrs);
  if (!list) {
    list = compile(cidrs);
    compiled.set(cidrs, list);
  }
  return list.check(client.address, client.type);
}
