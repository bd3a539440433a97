import { describe, expect, it } from 'vitest';
import { urlBase64ToUint8Array } from './push-subscription';

describe('VAPID key decoding', () => {
  it('decodes URL-safe base64 without padding', () => {
    // 0xfb 0xff 0xfe → '-__-' in base64url ('+//+' in base64).
    expect([...urlBase64ToUint8Array('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...urlBase64ToUint8Array('AQI')]).toEqual([1, 2]);
  });

  it('gives the 65 bytes of an uncompressed P-256 public key', () => {
    const key = `B${'A'.repeat(86)}`;
    const bytes = urlBase64ToUint8Array(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
  });
});
