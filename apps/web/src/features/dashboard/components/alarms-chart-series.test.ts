import { describe, expect, it } from 'vitest';
import { chartSeries, dayLabel, dayTotal } from './alarms-chart-series';

describe('dashboard alarms chart', () => {
  it('labels each day in French, weekday first', () => {
    expect(dayLabel('2026-11-23')).toBe('lun. 23/11');
    expect(dayLabel('2026-11-29')).toBe('dim. 29/11');
  });

  it('stacks the severities from faible to critique and totals a day', () => {
    expect(chartSeries.map((s) => s.label)).toEqual(['Faible', 'Moyen', 'Important', 'Critique']);
    expect(dayTotal({ date: '2026-11-23', faible: 4, moyen: 2, important: 1, critique: 1 })).toBe(8);
  });
});
