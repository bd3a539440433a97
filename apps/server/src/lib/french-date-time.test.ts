// The fast French date and time against Intl's own, over a year of instants (every DST change
// included) in zones with whole, half and quarter hour offsets, and either side of the year 2000.
import { describe, expect, it } from 'vitest';
import { frenchDateTime } from './french-date-time';

const zones = [
  'Europe/Paris',
  'UTC',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Martinique',
  'Indian/Reunion',
];

describe('frenchDateTime', () => {
  it('writes what Intl fr-FR short date and time writes, to the minute', () => {
    for (const timezone of zones) {
      const intl = new Intl.DateTimeFormat('fr-FR', {
        timeZone: timezone,
        dateStyle: 'short',
        timeStyle: 'short',
      });
      // Every 20 minutes 13 seconds over 2026, and around the turn of 2000 and 1970.
      const starts = [Date.UTC(2026, 0, 1), Date.UTC(1999, 11, 31), Date.UTC(1970, 0, 1)];
      for (const start of starts) {
        const span = start === Date.UTC(2026, 0, 1) ? 366 * 86_400_000 : 3 * 86_400_000;
        for (let t = start; t < start + span; t += 1_213_000) {
          const d = new Date(t);
          if (frenchDateTime(d, timezone) !== intl.format(d))
            expect(`${timezone} ${d.toISOString()}: ${frenchDateTime(d, timezone)}`).toBe(intl.format(d));
        }
      }
    }
  });

  it('takes an ISO string as a Date', () => {
    expect(frenchDateTime('2026-11-21T13:05:59.999Z', 'Europe/Paris')).toBe('21/11/2026 14:05');
    expect(frenchDateTime('2026-07-01T00:00:00Z', 'Europe/Paris')).toBe('01/07/2026 02:00');
  });
});
