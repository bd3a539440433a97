import { describe, expect, it } from 'vitest';
import { parseContactIdData, parseContactIdEvent } from './contact-id';

describe('Contact ID', () => {
  it('reads ADM-CID data', () => {
    expect(parseContactIdData('#1234|1130 01 015')).toEqual({
      ok: true,
      account: '1234',
      event: { qualifier: 1, code: '130', partition: '01', zone: '015' },
    });
    expect(parseContactIdData('#12345A|1110 00 129')).toMatchObject({
      account: '12345A',
      event: { code: '110' },
    });
    expect(parseContactIdData('3401 02 003')).toMatchObject({
      event: { qualifier: 3, code: '401', partition: '02' },
    });
    expect(parseContactIdData('|613001015')).toMatchObject({ event: { qualifier: 6, zone: '015' } });
  });

  it('reads the Sur-Gard form, qualifier E, R or P', () => {
    expect(parseContactIdEvent('E12101001')).toEqual({
      qualifier: 1,
      code: '121',
      partition: '01',
      zone: '001',
    });
    expect(parseContactIdEvent('R13001015')).toMatchObject({ qualifier: 3 });
    expect(parseContactIdEvent('P13001015')).toMatchObject({ qualifier: 6 });
  });

  it('refuses other qualifiers and malformed data', () => {
    for (const text of ['2130 01 015', '1130 01 01', '1130 01 0155', 'NBA01', '', '#1234|']) {
      expect(parseContactIdData(text).ok).toBe(false);
    }
  });
});
