import { describe, expect, it } from 'vitest';
import { journalSummary } from './journal-summary';

// fr-FR groups thousands with a narrow no-break space.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('journalSummary', () => {
  it('says how many are shown out of the total, and when all are', () => {
    expect(journalSummary(50, 120, true)).toBe('50 communications affichées sur 120');
    expect(journalSummary(120, 120, false)).toBe('120 communications, toutes affichées');
    expect(journalSummary(1, 1, false)).toBe('1 communication');
  });

  it('says « plus de 1 000 » past the count the server stops at', () => {
    expect(plain(journalSummary(50, 1001, true))).toBe('50 communications affichées sur plus de 1 000');
    expect(plain(journalSummary(1050, 1001, true))).toBe('1 050 communications affichées sur plus de 1 050');
    expect(plain(journalSummary(1050, 1001, false))).toBe('1 050 communications, toutes affichées');
  });
});
