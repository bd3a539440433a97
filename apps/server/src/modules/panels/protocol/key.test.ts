import { describe, expect, it } from 'vitest';
import { isAmbiguousKey, keyFormatError, parseAesKey } from './key';

describe('parseAesKey', () => {
  it('reads 32, 48 and 64 hexadecimal characters as 128, 192 and 256 bits', () => {
    for (const length of [32, 48, 64]) {
      const result = parseAesKey('aB'.repeat(length / 2));
      expect(result).toMatchObject({ ok: true, format: 'hex' });
      expect(result.ok && result.key.length).toBe(length / 2);
    }
  });

  it('reads 16, 24 and 32 ASCII characters as the key’s bytes', () => {
    for (const text of ['Vigie-Cle-16oct!', 'Vigie-Cle-de-24-octets!!', 'Vigie: une cle de 32 octets ici.']) {
      const result = parseAesKey(`  ${text} `);
      expect(result).toMatchObject({ ok: true, format: 'ascii' });
      expect(result.ok && result.key.toString('latin1')).toBe(text);
    }
  });

  it('reads an ambiguous 32-digit hexadecimal key as hexadecimal unless told otherwise', () => {
    const text = '0123456789ABCDEF0123456789ABCDEF';
    expect(isAmbiguousKey(text)).toBe(true);
    expect(isAmbiguousKey('Vigie-Cle-16oct!')).toBe(false);
    expect(parseAesKey(text)).toMatchObject({ ok: true, format: 'hex' });
    const ascii = parseAesKey(text, 'ascii');
    expect(ascii.ok && ascii.key.length).toBe(32);
  });

  it('refuses other lengths and characters with a French error', () => {
    for (const text of ['', 'court', 'x'.repeat(17), 'G'.repeat(48), 'é'.repeat(16), 'a'.repeat(65)]) {
      expect(parseAesKey(text)).toEqual({ ok: false, error: keyFormatError });
    }
    expect(parseAesKey('Vigie-Cle-16oct!', 'hex')).toMatchObject({ ok: false, error: /hexadécimaux/ });
    expect(parseAesKey('A'.repeat(48), 'ascii')).toMatchObject({ ok: false, error: /ASCII/ });
  });
});
