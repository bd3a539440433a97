import { describe, expect, it } from 'vitest';
import { escapeCell } from './spreadsheet-cells';

describe('escapeCell', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+33 6 00', `'+33 6 00`],
    ['-1', `'-1`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['\rx', `'\rx`],
    ['Dupont = Marie', 'Dupont = Marie'],
    ['', ''],
  ])('%j → %j', (input, want) => expect(escapeCell(input)).toBe(want));
});
