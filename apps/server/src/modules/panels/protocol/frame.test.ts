import { describe, expect, it } from 'vitest';
import { wrapBody } from './answer';
import { crc16Hex } from './crc16';
import { type Dc09Frame, formatTimestamp, panelLookupKey, parseFrame, parseTimestamp } from './frame';
import { rawFrame, verifiedFrames } from './test-support';

function parsed(bytes: Uint8Array): Dc09Frame {
  const result = parseFrame(bytes);
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.frame;
}

describe('parseFrame', () => {
  it.each(verifiedFrames)('reads the verified frame $body', ({ body, crc, length }) => {
    expect(wrapBody(body).toString('latin1')).toBe(`\n${crc}${length}${body}\r`);
    const frame = parsed(rawFrame(crc, length, body));
    expect(frame.id).toBe('SIA-DCS');
    expect(frame.encrypted).toBe(false);
    expect(frame.text).toBe(body);
  });

  it('reads every field', () => {
    const frame = parsed(rawFrame('F4D2', '0029', '"SIA-DCS"0001RF3L77#1234[#1234|NRR|Atest]'));
    expect(frame).toMatchObject({
      id: 'SIA-DCS',
      sequence: '0001',
      receiver: 'F3',
      prefix: '77',
      account: '1234',
      data: '#1234|NRR|Atest',
      extended: [],
      crcFormat: 'ascii',
    });
    expect(frame.timestamp).toBeUndefined();
    const stamped = parsed(
      rawFrame('F2EA', '003B', '"SIA-DCS"1667L0#0000[#0000|Nri0/RP0000]_12:44:06,12-22-2021'),
    );
    expect(stamped.timestamp?.toISOString()).toBe('2021-12-22T12:44:06.000Z');
    expect(stamped.receiver).toBeUndefined();
  });

  it('refuses a wrong CRC or length silently, and a malformed frame with a good CRC for a DUH', () => {
    const bad = parseFrame(rawFrame('96EE', '0016', '"SIA-DCS"0001L0#1234[]'));
    expect(bad).toMatchObject({ ok: false, reason: 'crc', silent: true });
    const short = parseFrame(rawFrame('96ED', '0017', '"SIA-DCS"0001L0#1234[]'));
    expect(short).toMatchObject({ ok: false, reason: 'length', silent: true });
    expect(parseFrame(Buffer.from('hello\r'))).toMatchObject({ ok: false, silent: true });
    const noClose = parseFrame(wrapBody('"SIA-DCS"0042L0#1234[#1234|NBA01'));
    expect(noClose).toMatchObject({
      ok: false,
      reason: 'syntax',
      silent: false,
      header: { sequence: '0042', prefix: '0', account: '1234' },
    });
    expect(parseFrame(wrapBody('"SIA-DCS"0001L0#1234[]_25:00:00,01-01-2024'))).toMatchObject({
      reason: 'syntax',
    });
    expect(parseFrame(wrapBody('"SIA-DCS"0001L0#1234[]_12:00:00,02-30-2024'))).toMatchObject({
      reason: 'syntax',
    });
    expect(parseFrame(wrapBody('"SIA-DCS"01L0#1234[]'))).toMatchObject({ reason: 'syntax' });
  });

  it('takes receiver absent, 0 or FFFFFF, prefix 0, FFFFFF or empty', () => {
    for (const r of ['', 'R0', 'RFFFFFF']) {
      for (const l of ['L0', 'LFFFFFF', 'L']) {
        const frame = parsed(wrapBody(`"SIA-DCS"0007${r}${l}#1234[#1234|NBA01]`));
        expect(frame.receiver).toBe(r ? r.slice(1) : undefined);
        expect(frame.prefix).toBe(l.slice(1));
      }
    }
  });

  it('takes accounts of 3 to 16 characters, and the data block’s account when the header has none', () => {
    expect(parsed(wrapBody('"SIA-DCS"0001L0#ABC[#ABC|NBA01]')).account).toBe('ABC');
    expect(parsed(wrapBody('"SIA-DCS"0001L0#0123456789ABCDEF[]')).account).toBe('0123456789ABCDEF');
    expect(parseFrame(wrapBody('"SIA-DCS"0001L0#12[]')).ok).toBe(false);
    expect(parseFrame(wrapBody('"SIA-DCS"0001L0#0123456789ABCDEF0[]')).ok).toBe(false);
    expect(parsed(wrapBody('"SIA-DCS"4738R0001L0001[#006969|Nri04/OP001]')).account).toBe('006969');
    expect(parseFrame(wrapBody('"SIA-DCS"4738R0001L0001[Nri04/OP001]'))).toMatchObject({ reason: 'syntax' });
  });

  it('reads the binary 2-byte CRC variant', () => {
    const body = '"ADM-CID"0005L0#1234[#1234|1130 01 015]';
    const crc = Number.parseInt(crc16Hex(Buffer.from(body)), 16);
    const length = body.length.toString(16).toUpperCase().padStart(4, '0');
    const bytes = Buffer.concat([
      Buffer.from([0x0a, crc >> 8, crc & 0xff]),
      Buffer.from(`${length}${body}\r`),
    ]);
    expect(parsed(bytes)).toMatchObject({ crcFormat: 'binary', id: 'ADM-CID', data: '#1234|1130 01 015' });
    bytes[2] = (bytes[2] ?? 0) ^ 1;
    expect(parseFrame(bytes)).toMatchObject({ ok: false, reason: 'crc' });
  });

  it('reads x-data, Windows-1252 bytes included, without throwing', () => {
    const body = Buffer.concat([
      Buffer.from('"SIA-DCS"0009L0#1234[#1234|NBA01][A'),
      Buffer.from([0xc9, 0x74, 0xe9, 0x80, 0x81]),
      Buffer.from('][M0026B9E4268B]_10:00:00,01-02-2024'),
    ]);
    const head = `${crc16Hex(body)}${body.length.toString(16).toUpperCase().padStart(4, '0')}`;
    const frame = parsed(Buffer.concat([Buffer.from(`\n${head}`), body, Buffer.from('\r')]));
    expect(frame.extended).toEqual([
      { id: 'A', value: 'Été€\u0081' },
      { id: 'M', value: '0026B9E4268B' },
    ]);
    expect(frame.timestamp?.toISOString()).toBe('2024-01-02T10:00:00.000Z');
  });

  it('tolerates a frame without its LF or CR (a UDP datagram)', () => {
    expect(parsed(Buffer.from('96ED0016"SIA-DCS"0001L0#1234[]')).account).toBe('1234');
  });

  it('returns an encrypted frame undecrypted', () => {
    const frame = parsed(wrapBody(`"*SIA-DCS"0002L0#1234[${'AB'.repeat(32)}`));
    expect(frame).toMatchObject({ encrypted: true, id: 'SIA-DCS', ciphertext: 'AB'.repeat(32), data: '' });
    expect(parseFrame(wrapBody('"*SIA-DCS"0002L0#1234[ABC]'))).toMatchObject({ reason: 'syntax' });
  });
});

describe('timestamps and keys', () => {
  it('writes and reads the DC-09 timestamp in UTC', () => {
    const date = new Date('2024-03-09T07:05:04Z');
    expect(formatTimestamp(date)).toBe('_07:05:04,03-09-2024');
    expect(parseTimestamp(formatTimestamp(date))?.getTime()).toBe(date.getTime());
  });

  it('finds a panel whatever the prefix’s leading zeros and the account’s case', () => {
    expect(panelLookupKey('', 'ab12')).toBe(panelLookupKey('000', 'AB12'));
    expect(panelLookupKey('0F', '1234')).toBe('F#1234');
    expect(panelLookupKey('1', '1234')).not.toBe(panelLookupKey('2', '1234'));
  });
});
