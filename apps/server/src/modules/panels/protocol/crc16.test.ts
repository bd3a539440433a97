import { describe, expect, it } from 'vitest';
import { crc16, crc16Hex } from './crc16';
import { verifiedFrames } from './test-support';

describe('crc16 (CRC-16/ARC)', () => {
  it.each(verifiedFrames)('gives $crc for $body', ({ body, crc }) => {
    expect(crc16Hex(Buffer.from(body, 'latin1'))).toBe(crc);
  });

  it('matches the CRC-16/ARC check value and is 0 on nothing', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0xbb3d);
    expect(crc16(new Uint8Array())).toBe(0);
  });
});
