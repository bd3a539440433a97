import { describe, expect, it } from 'vitest';
import { decodeWindows1252, encodeWindows1252 } from './windows-1252';

describe('Windows-1252', () => {
  it('decodes every byte to one character and encodes it back', () => {
    const all = Uint8Array.from({ length: 256 }, (_, b) => b);
    const text = decodeWindows1252(all);
    expect(text.length).toBe(256);
    expect(encodeWindows1252(text)).toEqual(Buffer.from(all));
  });

  it('reads the accented letters and the 0x80 row', () => {
    expect(decodeWindows1252(Buffer.from([0xc9, 0x74, 0xe9, 0x80, 0x9c]))).toBe('Été€œ');
    expect(encodeWindows1252('Zone €')).toEqual(Buffer.from([0x5a, 0x6f, 0x6e, 0x65, 0x20, 0x80]));
    expect(encodeWindows1252('日')).toEqual(Buffer.from('?'));
  });
});
