import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate } from './format';

describe('French dates in the user timezone', () => {
  it('formats in Europe/Paris by default, across the winter offset', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21/11/2026 14:05');
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22/11/2026');
  });

  it('follows the summer offset and other timezones', () => {
    expect(formatDateTime('2026-07-14T08:00:00Z')).toBe('14/07/2026 10:00');
    expect(formatDateTime('2026-07-14T08:00:00Z', 'America/New_York')).toBe('14/07/2026 04:00');
    expect(formatDateTime('2026-07-14T08:00:00Z', 'Europe/London')).toBe('14/07/2026 09:00');
  });

  it('writes long dates in French and never crashes on a bad value', () => {
    expect(formatLongDate('2026-11-21T12:00:00Z')).toBe('samedi 21 novembre 2026');
    expect(formatDateTime('pas une date')).toBe('—');
  });
});
