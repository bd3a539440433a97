import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, totpAt, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; 8-digit values there,
// whose last 6 digits are the 6-digit codes.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, value] of vectors) {
      expect(hotp(base32Decode(rfcSecret), Math.floor(seconds / 30), 8)).toBe(value);
      expect(totpAt(rfcSecret, seconds * 1000)).toBe(value.slice(2));
    }
  });
  it('round-trips base32 and matches RFC 4226 HOTP values', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
    // RFC 4226 appendix D.
    expect([0, 1, 2, 9].map((c) => hotp(base32Decode(rfcSecret), c))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });
  it('accepts ±1 step of drift, refuses further and refuses a replay', () => {
    const t = 1_700_000_000_000;
    const now = totpAt(rfcSecret, t);
    const step = verifyTotp(rfcSecret, now, t, null);
    expect(step).not.toBeNull();
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, t - 30_000), t, null)).toBe((step as number) - 1);
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, t + 30_000), t, null)).toBe((step as number) + 1);
    expect(verifyTotp(rfcSecret, totpAt(rfcSecret, t - 90_000), t, null)).toBeNull();
    // Once used, the same code (and any earlier one) is refused.
    expect(verifyTotp(rfcSecret, now, t, step)).toBeNull();
    expect(verifyTotp(rfcSecret, 'abcdef', t, null)).toBeNull();
  });
  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'claire@exemple.fr')).toBe(
      'otpauth://totp/Vigie%3Aclaire%40exemple.fr?secret=JBSWY3DPEHPK3PXP&issuer=Vigie&algorithm=SHA1&digits=6&period=30',
    );
  });
});
