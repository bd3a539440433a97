import { describe, expect, it } from 'vitest';
import { DC4, parseSurgardLine, SURGARD_ACK, SurgardLineSplitter } from './surgard';

describe('Sur-Gard automation protocol', () => {
  it('reads a Contact ID line (the manual’s example: duress, group 01, zone 001)', () => {
    expect(parseSurgardLine('5011 181234E12101001')).toEqual({
      ok: true,
      message: {
        kind: 'contact-id',
        receiver: '01',
        line: '1',
        account: '1234',
        event: { qualifier: 1, code: '121', partition: '01', zone: '001' },
      },
    });
  });

  it('reads restores, previous events, 3-digit lines, hexadecimal accounts and a trailing DC4', () => {
    expect(parseSurgardLine('5021 18ABCER13001015\x14')).toMatchObject({
      message: { receiver: '02', account: 'ABCE', event: { qualifier: 3, code: '130', zone: '015' } },
    });
    expect(parseSurgardLine('501001 181234P13002003')).toMatchObject({
      message: { line: '001', event: { qualifier: 6 } },
    });
    expect(parseSurgardLine('5011 1800123456113001015')).toMatchObject({
      message: { account: '00123456', event: { qualifier: 1, code: '130' } },
    });
  });

  it('reads the heartbeat', () => {
    expect(parseSurgardLine('1011           @    ')).toEqual({
      ok: true,
      message: { kind: 'heartbeat', receiver: '01' },
    });
  });

  it('refuses other lines', () => {
    for (const line of [
      '',
      'hello',
      '5011 18',
      '5011 1812E12101001',
      '6011      1234XX0001',
      '5011 181234X12101001',
    ]) {
      expect(parseSurgardLine(line).ok).toBe(false);
    }
  });

  it('splits a stream at DC4, bounded', () => {
    const splitter = new SurgardLineSplitter(64);
    const dc4 = String.fromCharCode(DC4);
    expect(splitter.push(Buffer.from(`5011 181234E13001001${dc4}1011`))).toEqual(['5011 181234E13001001']);
    expect(splitter.push(Buffer.from(`           @    ${dc4}${dc4}`))).toEqual(['1011           @    ']);
    expect(splitter.push(Buffer.alloc(100, 0x41))).toEqual([]);
    expect(splitter.push(Buffer.from(`AAAA${dc4}5011 181234E13001001${dc4}`))).toEqual([
      '5011 181234E13001001',
    ]);
    expect(SURGARD_ACK).toEqual(Buffer.from([0x06]));
  });

  it('drops a line over the bound whether it comes in pieces or whole with its DC4, and says so once', () => {
    let dropped = 0;
    const splitter = new SurgardLineSplitter(16, () => dropped++);
    const dc4 = String.fromCharCode(DC4);
    // Whole, in one chunk with its DC4, between two good lines.
    expect(splitter.push(Buffer.from(`1011  @${dc4}${'B'.repeat(40)}${dc4}1011  @${dc4}`))).toEqual([
      '1011  @',
      '1011  @',
    ]);
    expect(dropped).toBe(1);
    // In pieces: dropped when it outgrows the bound, its end skipped up to the DC4.
    expect(splitter.push(Buffer.alloc(20, 0x43))).toEqual([]);
    expect(splitter.push(Buffer.from(`CCCC${dc4}1011  @${dc4}`))).toEqual(['1011  @']);
    expect(dropped).toBe(2);
  });
});
