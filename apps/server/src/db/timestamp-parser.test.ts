import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, poolTypes } from './timestamp-parser';

const postgresDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (s: string) => Date | number;
const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/** A value as PostgreSQL writes it (DateStyle ISO), and the instant it means, computed apart. */
function sample(rnd: () => number) {
  const [y, mo, d, h, mi, s] = [
    1000 + Math.floor(rnd() * 9000),
    1 + Math.floor(rnd() * 12),
    1 + Math.floor(rnd() * 28),
    Math.floor(rnd() * 24),
    Math.floor(rnd() * 60),
    Math.floor(rnd() * 60),
  ];
  // PostgreSQL drops the fraction's trailing zeros, and the fraction when it is zero.
  const micros = rnd() < 0.2 ? 0 : Math.floor(rnd() * 1_000_000);
  const fraction = micros === 0 ? '' : `.${pad(micros, 6).replace(/0+$/, '')}`;
  const kind = Math.floor(rnd() * 4);
  const [oh, om, os] = [Math.floor(rnd() * 15), kind >= 2 ? 30 : 0, kind === 3 ? 17 : 0];
  const sign = rnd() < 0.5 ? -1 : 1;
  const offset =
    kind === 0
      ? '+00'
      : `${sign < 0 ? '-' : '+'}${pad(oh)}${kind >= 2 ? `:${pad(om)}` : ''}${kind === 3 ? `:${pad(os)}` : ''}`;
  const offsetMs = kind === 0 ? 0 : sign * (oh * 3600 + om * 60 + os) * 1000;
  const text = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}${fraction}${offset}`;
  const instant = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(micros / 1000)) - offsetMs;
  return { text, instant };
}

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL writes: fractions of 0 to 6 digits, offsets in hours, minutes and seconds', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 20_000; n++) {
      const { text, instant } = sample(rnd);
      const parsed = parseTimestamptz(text) as Date;
      expect(parsed.getTime(), text).toBe(instant);
      // postgres-date agrees, but for its float error on some fractions (1000 × 0.57 = 569.99…).
      expect(Math.abs((postgresDate(text) as Date).getTime() - instant), text).toBeLessThanOrEqual(1);
    }
  });

  it('reads the usual shapes, summer time and half-hour offsets', () => {
    expect((parseTimestamptz('2026-11-27 23:04:13.123456+00') as Date).toISOString()).toBe(
      '2026-11-27T23:04:13.123Z',
    );
    expect((parseTimestamptz('2026-03-29 02:30:00+02') as Date).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect((parseTimestamptz('2026-01-01 00:00:00.57-05:30') as Date).toISOString()).toBe(
      '2026-01-01T05:30:00.570Z',
    );
  });

  it('leaves the rare shapes to postgres-date: BC, infinity, long or short years', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      '0099-06-01 10:00:00+00',
      '2026-11-27 23:04:13+00:00',
      '2026-11-27 23:04:13Z',
    ]) {
      const ours = parseTimestamptz(text);
      const theirs = postgresDate(text);
      expect(ours instanceof Date ? ours.getTime() : ours, text).toEqual(
        theirs instanceof Date ? theirs.getTime() : theirs,
      );
    }
  });

  it('is the pool’s parser for timestamptz in text, and node-postgres’s for everything else', () => {
    expect(poolTypes.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text')).toBe(parseTimestamptz);
    expect(poolTypes.getTypeParser(pg.types.builtins.INT8, 'text')).toBe(
      pg.types.getTypeParser(pg.types.builtins.INT8, 'text'),
    );
  });
});
