import { describe, expect, it } from 'vitest';
import { buildAck, buildDuh, buildFrame, buildNak, frameBody } from './answer';
import { crc16Hex } from './crc16';
import { decryptFrame } from './encryption';
import { type Dc09Frame, parseFrame } from './frame';
import { rawFrame, verifiedFrames } from './test-support';

function parsed(bytes: Uint8Array): Dc09Frame {
  const result = parseFrame(bytes);
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.frame;
}

const now = new Date('2021-12-22T12:44:06Z');

describe('answers', () => {
  it('ACK echoes sequence, receiver, prefix and account', () => {
    const frame = parsed(rawFrame('F4D2', '0029', '"SIA-DCS"0001RF3L77#1234[#1234|NRR|Atest]'));
    const ack = parsed(buildAck(frame));
    expect(ack.text).toBe('"ACK"0001RF3L77#1234[]');
    const noReceiver = parsed(rawFrame('96ED', '0016', '"SIA-DCS"0001L0#1234[]'));
    expect(parsed(buildAck(noReceiver)).text).toBe('"ACK"0001L0#1234[]');
  });

  it('answers an encrypted frame with an encrypted *ACK carrying the receiver’s time', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    const frame = parsed(
      buildFrame({ id: 'SIA-DCS', sequence: 12, prefix: '5', account: 'ABC', data: '#ABC|NBA01', key }),
    );
    const ack = parsed(buildAck(frame, { key, now }));
    expect(ack).toMatchObject({ id: 'ACK', encrypted: true, sequence: '0012', prefix: '5', account: 'ABC' });
    const clear = decryptFrame(ack, key);
    expect(clear.ok && clear.frame.timestamp?.getTime()).toBe(now.getTime());
    expect(clear.ok && clear.frame.data).toBe('');
  });

  it('NAK carries sequence 0000 and the receiver’s UTC time', () => {
    const body = '"NAK"0000R0L0A0[]_12:44:06,12-22-2021';
    const crc = crc16Hex(Buffer.from(body));
    expect(buildNak(now).toString('latin1')).toBe(`\n${crc}0025${body}\r`);
  });

  it('DUH echoes what could be read of the header', () => {
    const header = { id: 'SIA-DCS', encrypted: true, sequence: '0003', prefix: '9', account: '4567' };
    expect(parsed(buildDuh(header)).text).toBe('"DUH"0003L9#4567[]');
    expect(buildDuh().toString('latin1')).toMatch(/^\n[0-9A-F]{4}[0-9A-F]{4}"DUH"0000R0L0A0\[\]\r$/);
  });

  it('builds the verified frames byte for byte', () => {
    const [first, , third] = verifiedFrames;
    expect(buildFrame({ id: 'SIA-DCS', sequence: 1, prefix: '0', account: '1234' }).toString('latin1')).toBe(
      `\n${first.crc}${first.length}${first.body}\r`,
    );
    const built = buildFrame({
      id: 'SIA-DCS',
      sequence: '1667',
      prefix: '0',
      account: '0000',
      data: '#0000|Nri0/RP0000',
      timestamp: now,
    });
    expect(built.toString('latin1')).toBe(`\n${third.crc}${third.length}${third.body}\r`);
  });

  it('writes the binary CRC variant when asked', () => {
    const bytes = buildFrame({ id: 'NULL', sequence: 0, prefix: '0', account: '1234', crc: 'binary' });
    expect(bytes.length).toBe(
      frameBody({ id: 'NULL', sequence: 0, prefix: '0', account: '1234' }).length + 8,
    );
    expect(parsed(bytes)).toMatchObject({ id: 'NULL', crcFormat: 'binary' });
  });
});
