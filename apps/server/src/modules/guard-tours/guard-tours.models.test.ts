// Pure rules of guard tours: the signed label, the schedule's slot (across midnight, in the
// company's timezone), the drawn order and ISO weeks.
import { describe, expect, it } from 'vitest';
import { secretBox } from '../../plugins/secrets';
import { currentSlot, drawOrder, isoWeekOf, isoWeekRange, labelCode, readLabel } from './guard-tours.models';

const secrets = secretBox('guard-tours-test-key');
const company = '3f1c6c1e-8a4b-4c8e-9d55-0a1b2c3d4e5f';
const checkpoint = '7a9e2b44-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('guard tour rules', () => {
  it('signs a label that reads back, and refuses any change to it', () => {
    const code = labelCode(secrets, company, checkpoint, 3);
    expect(code.startsWith(`VGT1.${company}.${checkpoint}.3.`)).toBe(true);
    expect(readLabel(secrets, code)).toEqual({ companyId: company, checkpointId: checkpoint, version: 3 });
    for (const junk of [
      '',
      'VGT1',
      code.replace('.3.', '.4.'),
      `${code}x`,
      code.slice(0, -1),
      code.replace('VGT1', 'VGB1'),
    ])
      expect(readLabel(secrets, junk)).toBeNull();
    expect(readLabel(secretBox('another-key'), code)).toBeNull();
  });

  it('finds the running slot of a night window in Paris time, and none outside it', () => {
    const night = { everyMinutes: 120, start: '22:00', end: '06:00', days: [1] };
    // Monday 23 November 2026, 23:30 in Paris (UTC+1): slot of 22:00.
    expect(currentSlot(night, new Date('2026-11-23T22:30:00Z'), 'Europe/Paris')?.toISOString()).toBe(
      '2026-11-23T21:00:00.000Z',
    );
    // Tuesday 03:10: still Monday's night, slot of 02:00.
    expect(currentSlot(night, new Date('2026-11-24T02:10:00Z'), 'Europe/Paris')?.toISOString()).toBe(
      '2026-11-24T01:00:00.000Z',
    );
    // Tuesday 23:00: Tuesday is not a day of the schedule.
    expect(currentSlot(night, new Date('2026-11-24T22:00:00Z'), 'Europe/Paris')).toBeNull();
    // Monday noon: outside the window.
    expect(currentSlot(night, new Date('2026-11-23T11:00:00Z'), 'Europe/Paris')).toBeNull();
  });

  it('draws every checkpoint once, in varying orders', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const draws = Array.from({ length: 20 }, () => drawOrder(ids));
    for (const d of draws) expect([...d].sort()).toEqual([...ids].sort());
    expect(new Set(draws.map((d) => d.join())).size).toBeGreaterThan(1);
  });

  it('names ISO weeks and their bounds in the timezone', () => {
    expect(isoWeekOf(new Date('2026-11-25T12:00:00Z'), 'Europe/Paris')).toBe('2026-W48');
    expect(isoWeekOf(new Date('2027-01-01T12:00:00Z'), 'Europe/Paris')).toBe('2026-W53');
    const [from, to] = isoWeekRange('2026-W48', 'Europe/Paris');
    expect(from.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });
});
