import { nfcHint } from '@vigie/contract/guard-tours.contract';
import { describe, expect, it } from 'vitest';
import { tagCheckpointId } from './label';

const qr = { id: '1b2c3d4e-0000-4000-8000-000000000001', kind: 'qr' as const, nfcHint: null };
const nfcId = '1b2c3d4e-0000-4000-8000-000000000002';
const tour = { checkpoints: [qr, { id: nfcId, kind: 'nfc' as const, nfcHint: nfcHint(nfcId, '04A21B7C') }] };

describe('tagCheckpointId (agent space)', () => {
  it("recognises a tag from its checkpoint's hint, without the UID", () => {
    expect(tagCheckpointId(tour as never, '04A21B7C')).toBe(nfcId);
    // The reader's serial has separators and lower case: the hint is computed on the normal form.
    expect(nfcHint(nfcId, '04:a2:1b:7c')).toBe(nfcHint(nfcId, '04A21B7C'));
    expect(tagCheckpointId(tour as never, '04A21B7D')).toBeNull();
    expect(tagCheckpointId(undefined, '04A21B7C')).toBeNull();
  });

  it('tells 4 hexadecimal digits, salted by the checkpoint', () => {
    expect(tour.checkpoints[1]?.nfcHint).toMatch(/^[0-9a-f]{4}$/);
    expect(nfcHint('1b2c3d4e-0000-4000-8000-000000000003', '04A21B7C')).not.toBe(
      tour.checkpoints[1]?.nfcHint,
    );
  });
});
