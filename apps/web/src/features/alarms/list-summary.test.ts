import { describe, expect, it } from 'vitest';
import { listSummary } from './list-summary';

// fr-FR groups thousands with a narrow no-break space.
const plain = (s: string) => s.replace(/\u202f|\u00a0/g, ' ');

describe('the alarm list summary', () => {
  it('gives a kept total exactly, in French digits, at any size', () => {
    expect(plain(listSummary(200, 500_000, false))).toBe('Les 200 plus récentes sur 500 000 alarmes');
    expect(plain(listSummary(3, 3, false))).toBe('3 alarmes');
    expect(listSummary(1, 1, false)).toBe('1 alarme');
    expect(listSummary(0, 0, true)).toBe('0 alarme');
  });

  it('says « plus de 1 000 » only for a search counted up to the cap', () => {
    expect(plain(listSummary(50, 1_001, true))).toBe('Les 50 plus récentes sur plus de 1 000 alarmes');
    expect(plain(listSummary(50, 1_000, true))).toBe('Les 50 plus récentes sur 1 000 alarmes');
    expect(plain(listSummary(50, 1_001, false))).toBe('Les 50 plus récentes sur 1 001 alarmes');
  });
});
