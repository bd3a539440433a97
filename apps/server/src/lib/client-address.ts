// The client address as the server's limits count it. IPv4 addresses count one by one; an IPv6
// client counts by its /64, since one subscriber or host usually holds a whole /64 and could
// otherwise take a fresh address for each attempt. An IPv4-mapped IPv6 address is its IPv4 one.
import { canonicalCidr } from '@vigie/contract/settings.contract';

/** `203.0.113.9` → `203.0.113.9`; `2001:db8:1:2::5` → `2001:db8:1:2::/64`; other text as is. */
export function clientKey(ip: string): string {
  const bare = ip.split('%')[0] ?? '';
  const one = bare.includes('/') ? null : canonicalCidr(bare);
  if (!one) return ip;
  if (one.endsWith('/32') && !one.includes(':')) return one.slice(0, -3);
  return canonicalCidr(`${one.slice(0, one.lastIndexOf('/'))}/64`) ?? ip;
}
