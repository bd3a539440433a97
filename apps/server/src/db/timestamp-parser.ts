// PostgreSQL's `timestamptz` text (DateStyle ISO: `2026-11-27 23:04:13.123456+00`) to a Date,
// without regular expressions. node-postgres parses it with postgres-date, three regexes a value:
// 4 % of the alarm list's main thread (bench/README.md, issue 18). Anything but the usual shape (a
// year of more than 4 digits, BC, infinity) goes to postgres-date, so the answers never differ,
// except that fractions are read exactly: postgres-date computes 1000 × 0.57 = 569.99… and answers
// 569 ms for `.57`, this answers 570.
import pg from 'pg';

const fallback = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (value: string) => Date | number;

/** The decimal number written at `s[from, to)`, or NaN when one of them is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

export function parseTimestamptz(s: string): Date | number {
  // `YYYY-MM-DD HH:MM:SS` then an optional fraction, then the offset: ±HH, ±HH:MM or ±HH:MM:SS.
  if (s.length < 22 || s.charCodeAt(4) !== 45 || s.charCodeAt(10) !== 32) return fallback(s);
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    // Milliseconds are the fraction's first three digits (the rest truncated, as Date would).
    const kept = Math.min(i - start, 3);
    ms = digits(s, start, start + kept) * 10 ** (3 - kept);
  }
  const sign = s.charCodeAt(i);
  const rest = s.length - i - 1;
  if ((sign !== 43 && sign !== 45) || (rest !== 2 && rest !== 5 && rest !== 8)) return fallback(s);
  const offset =
    (digits(s, i + 1, i + 3) * 3600 +
      (rest >= 5 ? digits(s, i + 4, i + 6) * 60 : 0) +
      (rest === 8 ? digits(s, i + 7, i + 9) : 0)) *
    (sign === 45 ? -1000 : 1000);
  const time =
    Date.UTC(
      digits(s, 0, 4),
      digits(s, 5, 7) - 1,
      digits(s, 8, 10),
      digits(s, 11, 13),
      digits(s, 14, 16),
      digits(s, 17, 19),
      ms,
    ) - offset;
  // A non-digit anywhere made it NaN: let postgres-date decide what that string is.
  if (Number.isNaN(time)) return fallback(s);
  const year = digits(s, 0, 4);
  // Date.UTC reads years 0–99 as 1900–1999.
  if (year < 100) return fallback(s);
  return new Date(time);
}

/** The pool's type parsers: node-postgres's, with timestamptz parsed as above. */
export const poolTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
