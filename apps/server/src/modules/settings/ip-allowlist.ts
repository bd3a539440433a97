// The company's IP allowlist (Paramètres · Sécurité): CIDR ranges, IPv4 and IPv6. Enforced at
// sign-in and on every request of a session (plugins/auth.ts). An IPv4 client seen by a dual-stack
// socket as `::ffff:a.b.c.d` matches the IPv4 ranges.
import { BlockList, isIP } from 'node:net';

const lists = new Map<string, BlockList>();

function blockListOf(cidrs: string[]) {
  const key = cidrs.join(',');
  let list = lists.get(key);
  if (!list) {
    list = new BlockList();
    for (const cidr of cidrs) {
      const [address, bits] = cidr.split('/');
      const family = isIP(address ?? '');
      if (!address || family === 0) continue;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      list.addSubnet(address, bits === undefined ? (family === 4 ? 32 : 128) : Number(bits), type);
    }
    if (lists.size > 1000) lists.clear();
    lists.set(key, list);
  }
  return list;
}

/** Whether `ip` falls in one of `cidrs` (an empty list allows everyone). */
export function ipAllowed(ip: string, cidrs: string[]) {
  if (cidrs.length === 0) return true;
  const list = blockListOf(cidrs);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
