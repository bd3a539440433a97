import { describe, expect, it } from 'vitest';
import { buildFrame, wrapBody } from './answer';
import { decryptFrame, encryptContent, stripPadding } from './encryption';
import { type Dc09Frame, formatTimestamp, parseFrame } from './frame';
import { parseAesKey } from './key';
import { pysiaEncryptedNull } from './test-support';

function parsed(bytes: Uint8Array): Dc09Frame {
  const result = parseFrame(bytes);
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.frame;
}

function keyOf(text: string): Buffer {
  const result = parseAesKey(text);
  if (!result.ok) throw new Error(result.error);
  return result.key;
}

const keys = {
  'AES-128 hex': '000102030405060708090A0B0C0D0E0F',
  'AES-192 hex': '000102030405060708090A0B0C0D0E0F1011121314151617',
  'AES-256 hex': '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F',
  'AES-128 ASCII': 'Vigie-Cle-16oct!',
  'AES-192 ASCII': 'Vigie-Cle-de-24-octets!!',
  'AES-256 ASCII': 'Vigie: une cle de 32 octets ici.',
};

describe('encrypted frames', () => {
  const timestamp = new Date('2024-05-01T08:30:15Z');

  it.each(Object.entries(keys))('round-trips with %s', (_name, text) => {
    const key = keyOf(text);
    for (const pipe of [true, false]) {
      const bytes = buildFrame({
        id: 'SIA-DCS',
        sequence: 42,
        receiver: 'FFFFFF',
        prefix: 'A1',
        account: '12AB',
        data: '#12AB|Nri1/BA01',
        extended: [{ id: 'A', value: 'Entrée' }],
        timestamp,
        key,
        pipe,
      });
      const frame = parsed(bytes);
      expect(frame).toMatchObject({
        encrypted: true,
        sequence: '0042',
        receiver: 'FFFFFF',
        prefix: 'A1',
        account: '12AB',
      });
      const result = decryptFrame(frame, key);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.frame.data).toBe('#12AB|Nri1/BA01');
      expect(result.frame.extended).toEqual([{ id: 'A', value: 'Entrée' }]);
      expect(result.frame.timestamp?.getTime()).toBe(timestamp.getTime());
      expect(result.frame.ciphertext).toBeUndefined();
    }
  });

  it('decrypts data without an account and padding without `|`', () => {
    const key = keyOf(keys['AES-128 ASCII']);
    const content = `Nri0/RP0000]${formatTimestamp(timestamp)}`;
    for (const pipe of [true, false]) {
      const hex = encryptContent(pipe ? content : `|${content}`, key, { pipe });
      const frame = parsed(wrapBody(`"*SIA-DCS"0003L0#1234[${hex}`));
      const result = decryptFrame(frame, key);
      expect(result.ok && result.frame.data).toBe('Nri0/RP0000');
    }
  });

  it('decrypts a third-party encrypted NULL frame (pysiaalarm)', () => {
    const frame = parsed(Buffer.from(pysiaEncryptedNull.frame, 'latin1'));
    expect(frame).toMatchObject({ id: 'NULL', encrypted: true, receiver: '0', prefix: '0', account: 'AAAB' });
    const result = decryptFrame(frame, keyOf(pysiaEncryptedNull.key));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.frame.data).toBe('');
    expect(result.frame.timestamp?.toISOString()).toBe('2020-07-05T18:24:52.000Z');
  });

  it('fails to decrypt with a wrong key, or without a timestamp: a DUH, not silence', () => {
    const key = keyOf(keys['AES-256 hex']);
    const frame = parsed(
      buildFrame({ id: 'SIA-DCS', sequence: 1, prefix: '0', account: '1234', data: 'NBA01', key }),
    );
    const wrong = decryptFrame(frame, keyOf(keys['AES-256 ASCII']));
    expect(wrong).toMatchObject({ ok: false, reason: 'decrypt', silent: false, header: { account: '1234' } });
    expect(decryptFrame(frame, Buffer.alloc(7))).toMatchObject({ ok: false, reason: 'decrypt' });
    const untimed = parsed(wrapBody(`"*SIA-DCS"0001L0#1234[${encryptContent('|NBA01]', key)}`));
    expect(decryptFrame(untimed, key)).toMatchObject({ ok: false, reason: 'decrypt' });
  });

  it('leaves a frame in clear as it is', () => {
    const frame = parsed(wrapBody('"SIA-DCS"0001L0#1234[]'));
    expect(decryptFrame(frame, keyOf(keys['AES-128 hex']))).toEqual({ ok: true, frame });
  });

  it('strips the padding', () => {
    expect(stripPadding('xyz|#1234|NBA01]', '1234')).toBe('#1234|NBA01]');
    expect(stripPadding('xyz#1234|NBA01]', '1234')).toBe('#1234|NBA01]');
    expect(stripPadding('|]_10:00:00,01-01-2024', '1234')).toBe(']_10:00:00,01-01-2024');
    expect(stripPadding('00000]_10:00:00,01-01-2024', '1234')).toBe(']_10:00:00,01-01-2024');
  });
});
