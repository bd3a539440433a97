import { describe, expect, it } from 'vitest';
import { secretBox } from '../../plugins/secrets';
import {
  type CheckFacts,
  localClock,
  qrPayload,
  readQrPayload,
  refusalOf,
  withinWindows,
} from './access.models';

const company = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const badge = '33333333-3333-4333-8333-333333333333';

describe('local clock in the company timezone', () => {
  it.each([
    // Spring forward in Paris (2026-03-29, 02:00 → 03:00): 00:59 UTC is 01:59, 01:00 UTC is 03:00.
    ['2026-03-29T00:59:00Z', '2026-03-29', 7, 1 * 60 + 59],
    ['2026-03-29T01:00:00Z', '2026-03-29', 7, 3 * 60],
    // Fall back (2026-10-25, 03:00 → 02:00): 00:30 UTC is 02:30 (summer), 01:30 UTC is 02:30 (winter).
    ['2026-10-25T00:30:00Z', '2026-10-25', 7, 2 * 60 + 30],
    ['2026-10-25T01:30:00Z', '2026-10-25', 7, 2 * 60 + 30],
    // A Monday night in winter: 23:30 UTC on Monday is 00:30 on Tuesday in Paris.
    ['2026-11-23T23:30:00Z', '2026-11-24', 2, 30],
  ])('%s is %s, weekday %i, minute %i', (at, day, weekday, minutes) => {
    expect(localClock(new Date(at), 'Europe/Paris')).toEqual({ day, weekday, minutes });
  });
});

describe('weekly time windows', () => {
  const office = [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }];
  const nights = [{ days: [5], start: '22:00', end: '06:00' }];
  it.each([
    ['no window: always', [], 7, 3 * 60, true],
    ['office, Monday 07:59', office, 1, 7 * 60 + 59, false],
    ['office, Monday 08:00', office, 1, 8 * 60, true],
    ['office, Friday 17:59', office, 5, 17 * 60 + 59, true],
    ['office, Friday 18:00 (end excluded)', office, 5, 18 * 60, false],
    ['office, Saturday 10:00', office, 6, 10 * 60, false],
    ['Friday night, Friday 22:00', nights, 5, 22 * 60, true],
    ['Friday night, Saturday 05:59 (started Friday)', nights, 6, 5 * 60 + 59, true],
    ['Friday night, Saturday 06:00', nights, 6, 6 * 60, false],
    ['Friday night, Friday 05:00 (belongs to Thursday)', nights, 5, 5 * 60, false],
    ['Sunday night wraps to Monday', [{ days: [7], start: '23:00', end: '01:00' }], 1, 30, true],
  ])('%s', (_label, windows, weekday, minutes, inside) => {
    expect(withinWindows(windows, weekday, minutes)).toBe(inside);
  });

  it('uses local time across the daylight-saving change: 07:30 in Paris both sides of it', () => {
    const windows = [{ days: [1, 2, 3, 4, 5, 6, 7], start: '07:00', end: '08:00' }];
    for (const at of [
      '2026-03-28T06:30:00Z',
      '2026-03-30T05:30:00Z',
      '2026-10-24T05:30:00Z',
      '2026-10-26T06:30:00Z',
    ]) {
      const c = localClock(new Date(at), 'Europe/Paris');
      expect(withinWindows(windows, c.weekday, c.minutes)).toBe(true);
    }
    // 06:30 UTC after the spring change is 08:30 in Paris: outside.
    const late = localClock(new Date('2026-03-30T06:30:00Z'), 'Europe/Paris');
    expect(withinWindows(windows, late.weekday, late.minutes)).toBe(false);
  });
});

describe('signed QR payload', () => {
  const box = secretBox('a test key that is long enough to be a real one');
  it('reads back what the server signed, and nothing else', () => {
    const text = qrPayload(box, company, badge, 3);
    expect(text.startsWith(`VGB1.${company}.${badge}.3.`)).toBe(true);
    expect(readQrPayload(box, text)).toEqual({ companyId: company, badgeId: badge, version: 3 });
    // Another version, company or badge with the same signature: refused.
    expect(readQrPayload(box, text.replace('.3.', '.4.'))).toBeNull();
    expect(readQrPayload(box, text.replace(company, other))).toBeNull();
    // Signed with another server's key: refused.
    expect(readQrPayload(secretBox('another key, another installation'), text)).toBeNull();
    for (const junk of ['', 'VGB1', `VGB1.${company}.${badge}.3`, `${text}.x`, 'B-000123', text.slice(0, -1)])
      expect(readQrPayload(box, junk)).toBeNull();
  });
});

describe('the decision and its reason', () => {
  const point = '44444444-4444-4444-8444-444444444444';
  const site = '55555555-5555-4555-8555-555555555555';
  const facts = (
    over: Partial<CheckFacts> = {},
    badgeOver: Partial<NonNullable<CheckFacts['badge']>> = {},
  ): CheckFacts => ({
    pointStatus: 'Actif',
    pointId: point,
    pointSiteId: site,
    badge: {
      status: 'Actif',
      expiresOn: null,
      allowedPointIds: [],
      allowedSiteIds: [],
      timeWindows: [],
      ...badgeOver,
    },
    staleQr: false,
    today: '2026-11-25',
    weekday: 3,
    minutes: 10 * 60,
    ...over,
  });
  it.each([
    ['a valid badge', facts(), null],
    [
      'a point in maintenance refuses everything',
      facts({ pointStatus: 'Maintenance' }),
      'point en maintenance',
    ],
    ['a point out of service', facts({ pointStatus: 'Hors service' }), 'point hors service'],
    ['an unknown badge', facts({ badge: null }), 'badge inconnu'],
    ['a regenerated QR', facts({ staleQr: true }), 'code QR révoqué'],
    ['a suspended badge', facts({}, { status: 'Suspendu' }), 'badge suspendu'],
    ['expired yesterday', facts({}, { expiresOn: '2026-11-24' }), 'badge expiré'],
    ['expires today: still valid', facts({}, { expiresOn: '2026-11-25' }), null],
    [
      'expired and suspended: expired',
      facts({}, { status: 'Suspendu', expiresOn: '2020-01-01' }),
      'badge expiré',
    ],
    ['another point only', facts({}, { allowedPointIds: [site] }), 'point non autorisé'],
    ['this point', facts({}, { allowedPointIds: [point] }), null],
    ['this site', facts({}, { allowedSiteIds: [site] }), null],
    [
      'outside its window',
      facts({ minutes: 20 * 60 }, { timeWindows: [{ days: [3], start: '08:00', end: '18:00' }] }),
      'hors plage horaire',
    ],
  ])('%s', (_label, f, reason) => {
    expect(refusalOf(f)).toBe(reason);
  });
});
