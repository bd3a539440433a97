// Settings contract, Sécurité: the IP allowlist (parsed here, so that the browser's form and the
// server apply the same rule), session timeout, password expiry and two-factor authentication.
import { z } from 'zod';
import { defineEndpoint } from '../common';

// ---------------------------------------------------------------------------------------------
// IP allowlist: IPv4 and IPv6 addresses and CIDR ranges, parsed here (no node:net) so that the
// browser's form and the server apply the same rule and the same canonical form.

const ipv4Bytes = (s: string): number[] | null => {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    // No leading zeros: 010 reads as octal in some tools and decimal in others.
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
};

const ipv6Bytes = (input: string): number[] | null => {
  let s = input;
  // An IPv4 tail (::ffff:10.0.0.1) becomes its two hexadecimal groups.
  if (s.includes('.')) {
    const at = s.lastIndexOf(':');
    const v4 = at === -1 ? null : ipv4Bytes(s.slice(at + 1));
    if (!v4) return null;
    s = `${s.slice(0, at + 1)}${(((v4[0] as number) << 8) | (v4[1] as number)).toString(16)}:${(((v4[2] as number) << 8) | (v4[3] as number)).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (h: string | undefined) => (h ? h.split(':') : []);
  const left = halves.length === 2 ? groupsOf(halves[0]) : s.split(':');
  const right = halves.length === 2 ? groupsOf(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...left, ...Array.from({ length: missing }, () => '0'), ...right];
  const out: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    const n = Number.parseInt(g, 16);
    out.push(n >> 8, n & 255);
  }
  return out;
};

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
const formatIpv6 = (bytes: number[]) => {
  const groups = Array.from({ length: 8 }, (_, i) =>
    (((bytes[2 * i] as number) << 8) | (bytes[2 * i + 1] as number)).toString(16),
  );
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j;
  }
  if (best.len < 2) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.len).join(':')}`;
};

const maskBytes = (bytes: number[], prefix: number) =>
  bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, prefix - 8 * i));
    return b & ((0xff << (8 - keep)) & 0xff);
  });

/**
 * The canonical CIDR of an address or a range (`10.0.0.7/8` → `10.0.0.0/8`, `2001:DB8::1` →
 * `2001:db8::1/128`, `::ffff:10.0.0.0/104` → `10.0.0.0/8`), or null when it is neither.
 */
export function canonicalCidr(text: string): string | null {
  const s = text.trim();
  const slash = s.indexOf('/');
  const address = slash === -1 ? s : s.slice(0, slash);
  const prefixText = slash === -1 ? null : s.slice(slash + 1);
  if (prefixText !== null && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const v4 = ipv4Bytes(address);
  if (v4) {
    const prefix = prefixText === null ? 32 : Number(prefixText);
    if (prefix > 32) return null;
    return `${maskBytes(v4, prefix).join('.')}/${prefix}`;
  }
  const v6 = ipv6Bytes(address);
  if (!v6) return null;
  const prefix = prefixText === null ? 128 : Number(prefixText);
  if (prefix > 128) return null;
  // An IPv4-mapped range is the IPv4 range it maps.
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 255 && v6[11] === 255;
  if (mapped && prefix >= 96) return `${maskBytes(v6.slice(12), prefix - 96).join('.')}/${prefix - 96}`;
  return `${formatIpv6(maskBytes(v6, prefix))}/${prefix}`;
}

export const maxAllowlistEntries = 100;
const maxAllowlistText = 10_000;

/** What a bad line looks like in an error: bounded, so that a pasted page stays readable. */
const shown = (entry: string) => (entry.length > 45 ? `${entry.slice(0, 44)}…` : entry);

/**
 * The spec's IP whitelist text: one address or range per line, or several separated by commas;
 * blank lines are ignored. Parsed into canonical CIDRs without duplicates; each bad entry is an
 * issue on its line (`loc` … `ipWhitelist`, line index).
 */
export const ipWhitelistSchema = z
  .string({ error: 'La liste des adresses IP autorisées doit être un texte' })
  .max(maxAllowlistText, {
    error: `La liste des adresses IP ne doit pas dépasser ${maxAllowlistText} caractères`,
  })
  .transform((text, ctx) => {
    const out: string[] = [];
    text.split(/\r\n|\r|\n/).forEach((line, index) => {
      for (const raw of line.split(',')) {
        const entry = raw.trim();
        if (entry === '') continue;
        const cidr = canonicalCidr(entry);
        if (cidr === null) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `Ligne ${index + 1} : « ${shown(entry)} » n'est pas une adresse ou une plage CIDR valide`,
          });
        } else if (!out.includes(cidr)) out.push(cidr);
      }
    });
    if (out.length > maxAllowlistEntries) {
      ctx.addIssue({
        code: 'custom',
        message: `La liste ne doit pas dépasser ${maxAllowlistEntries} adresses ou plages`,
      });
    }
    return out;
  });

// ---------------------------------------------------------------------------------------------
// Sécurité

/** The choices the security settings offer. */
export const sessionTimeouts = [15, 30, 60, 120] as const;
export const passwordExpiries = [30, 60, 90, 180] as const;

export const securitySettingsSchema = z.object({
  twoFactorAuth: z.boolean(),
  /** Minutes without activity before a session ends. */
  sessionTimeout: z.number().int(),
  autoLogout: z.boolean(),
  /** The allowed ranges, one canonical CIDR per line; empty = every address. */
  ipWhitelist: z.string(),
  /** Days; null = never. */
  passwordExpiry: z.number().int().nullable(),
  /** The caller's address as the server sees it, so that the form can warn before a lock-out. */
  currentIp: z.string(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Every field is optional: what is absent stays as it is. */
export const updateSecuritySettingsBody = z.object({
  twoFactorAuth: z.boolean({ error: 'La double authentification doit valoir vrai ou faux' }).optional(),
  sessionTimeout: z
    .literal(sessionTimeouts, { error: 'Expiration de session invalide (15, 30, 60 ou 120 minutes)' })
    .optional(),
  autoLogout: z.boolean({ error: 'La déconnexion automatique doit valoir vrai ou faux' }).optional(),
  ipWhitelist: ipWhitelistSchema.optional(),
  passwordExpiry: z
    .literal(passwordExpiries, {
      error: 'Expiration du mot de passe invalide (30, 60, 90, 180 jours ou jamais)',
    })
    .nullable()
    .optional(),
  /** The administrator knows the new list excludes their own address (they will be signed out). */
  confirmSelfExclusion: z.boolean({ error: 'La confirmation doit valoir vrai ou faux' }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Endpoints

const tags = ['settings'];

export const getSecuritySettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/security',
  summary: 'Paramètres de sécurité de la société (administrateurs)',
  tags,
  auth: true,
  response: securitySettingsSchema,
});
export const updateSecuritySettings = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/security',
  summary: 'Modifier la sécurité : double authentification, sessions, adresses IP, mots de passe',
  tags,
  auth: true,
  body: updateSecuritySettingsBody,
  response: securitySettingsSchema,
});
