// Pure rules of a security report: its number, and the fingerprint that seals a final report.
import { createHash } from 'node:crypto';
import type { StoredIncident, StoredIntervention } from '../../db/schema';

/** RS-2026-0001: the company's n-th report of the year. */
export const reportNumber = (year: number, n: number) => `RS-${year}-${String(n).padStart(4, '0')}`;

/** What a final report freezes: everything printed, and the signature's bytes. */
export interface SealedContent {
  companyId: string;
  number: string;
  siteId: string | null;
  siteName: string;
  periodStart: string | null;
  periodEnd: string | null;
  geolocation: string | null;
  incidents: StoredIncident[];
  interventions: StoredIntervention[];
  repairs: string | null;
  improvements: string | null;
  observations: string | null;
  comments: string | null;
  responsibleName: string;
  finalizedAt: Date;
}

/**
 * JSON with object keys sorted at every level and no spaces: the same content always gives the same
 * text, whatever order the keys were written or stored in (jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical content with the signature image in base64. */
export function fingerprintOf(content: SealedContent, signature: Buffer): string {
  const text = canonicalJson({ version: 1, ...content, signature: signature.toString('base64') });
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The fingerprint as printed: groups of 8 characters, easier to read aloud and compare. */
export const groupedFingerprint = (f: string) => f.match(/.{1,8}/g)?.join(' ') ?? f;
