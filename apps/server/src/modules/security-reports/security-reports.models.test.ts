// The seal of a final report: the same content always gives the same fingerprint, whatever the
// order of its keys; any change to the content or the signature gives another.
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  fingerprintOf,
  groupedFingerprint,
  reportNumber,
  type SealedContent,
} from './security-reports.models';

const content: SealedContent = {
  companyId: '7b0f3c9e-1d2a-4c5b-8e6f-0a1b2c3d4e5f',
  number: 'RS-2026-0001',
  siteId: null,
  siteName: 'Entrepôt Nord',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-07',
  geolocation: '48.85661, 2.35222',
  incidents: [{ type: 'vol', description: 'Vol de câbles', measuresTaken: null }],
  interventions: [{ description: 'Ronde', time: '02:30', agentName: 'Luc', agentId: null }],
  repairs: null,
  improvements: null,
  observations: 'RAS',
  comments: null,
  responsibleName: 'Claire Martin',
  finalizedAt: new Date('2026-11-08T09:00:00.123Z'),
};
const signature = Buffer.from('signature');

describe('security report seal', () => {
  it('serialises canonically: sorted keys, ISO dates, no undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: new Date(0) }], e: null })).toBe(
      '{"a":[{"c":"1970-01-01T00:00:00.000Z"}],"b":1,"e":null}',
    );
  });

  it('gives the same fingerprint for the same content, another for any change', () => {
    const f = fingerprintOf(content, signature);
    expect(f).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(content).reverse()) as unknown as SealedContent;
    expect(fingerprintOf(reordered, Buffer.from('signature'))).toBe(f);
    expect(fingerprintOf({ ...content, observations: 'RAS.' }, signature)).not.toBe(f);
    expect(fingerprintOf(content, Buffer.from('signaturf'))).not.toBe(f);
    expect(
      fingerprintOf(
        { ...content, incidents: [{ type: 'vol', description: 'Vol de câble', measuresTaken: null }] },
        signature,
      ),
    ).not.toBe(f);
  });

  it('numbers reports per year on four digits', () => {
    expect(reportNumber(2026, 1)).toBe('RS-2026-0001');
    expect(reportNumber(2026, 12345)).toBe('RS-2026-12345');
    expect(groupedFingerprint('a'.repeat(16))).toBe('aaaaaaaa aaaaaaaa');
  });
});
