import { describe, expect, it } from 'vitest';
import { type AgentPayroll, computePayroll, monthBounds, type PayrollShift } from './payroll-hours.js';
import { at, payrollInput, shift, TZ } from './payroll-test-support.js';

const H = 60;

function agentOf(shifts: PayrollShift[], month = '2026-11', now?: Date): AgentPayroll {
  const input = payrollInput(shifts, { month, ...(now ? { now } : {}) });
  const agent = computePayroll(input).agents.find((a) => a.agentId === 'a1');
  if (!agent) throw new Error('agent missing');
  return agent;
}

describe('monthBounds', () => {
  it('starts and ends the month at local midnight', () => {
    expect(monthBounds('2026-11', TZ)).toEqual([
      at('2026-11-01 00:00').getTime(),
      at('2026-12-01').getTime(),
    ]);
    expect(monthBounds('2026-12', TZ)[1]).toBe(at('2027-01-01').getTime());
    expect(() => monthBounds('2026-13', TZ)).toThrow(RangeError);
  });
});

describe('computePayroll: splits of worked time', () => {
  it.each([
    {
      name: 'night shift Tue 20:00 → Wed 06:00: 9 h of night in 10 h',
      shifts: [shift('2026-11-03 20:00', '2026-11-04 06:00', { type: 'nuit' })],
      want: {
        daysWorked: 2,
        workedMinutes: 10 * H,
        nightMinutes: 9 * H,
        sundayMinutes: 0,
        holidayMinutes: 0,
      },
    },
    {
      name: 'day shift on Sunday 8 Nov 2026 with a 1 h break',
      shifts: [
        shift('2026-11-08 07:00', '2026-11-08 19:00', { break: ['2026-11-08 12:00', '2026-11-08 13:00'] }),
      ],
      want: {
        daysWorked: 1,
        workedMinutes: 11 * H,
        nightMinutes: 0,
        sundayMinutes: 11 * H,
        holidayMinutes: 0,
      },
    },
    {
      name: 'night Sat 22:00 → Sun 06:00: only the Sunday part is Sunday time',
      shifts: [shift('2026-11-07 22:00', '2026-11-08 06:00', { type: 'nuit' })],
      want: {
        daysWorked: 2,
        workedMinutes: 8 * H,
        nightMinutes: 8 * H,
        sundayMinutes: 6 * H,
        holidayMinutes: 0,
      },
    },
    {
      name: 'shift on 11 novembre (Armistice, a Wednesday)',
      shifts: [
        shift('2026-11-11 08:00', '2026-11-11 18:00', { break: ['2026-11-11 12:00', '2026-11-11 13:00'] }),
      ],
      want: { daysWorked: 1, workedMinutes: 9 * H, nightMinutes: 0, sundayMinutes: 0, holidayMinutes: 9 * H },
    },
    {
      name: 'Toussaint 2026 is a Sunday: both Sunday and holiday time',
      shifts: [shift('2026-11-01 06:00', '2026-11-01 14:00')],
      want: {
        daysWorked: 1,
        workedMinutes: 8 * H,
        nightMinutes: 0,
        sundayMinutes: 8 * H,
        holidayMinutes: 8 * H,
      },
    },
    {
      name: 'evening 18:00 → 23:30: night from 21:00 only',
      shifts: [shift('2026-11-03 18:00', '2026-11-03 23:30')],
      want: {
        daysWorked: 1,
        workedMinutes: 5.5 * H,
        nightMinutes: 2.5 * H,
        sundayMinutes: 0,
        holidayMinutes: 0,
      },
    },
  ])('$name', ({ shifts, want }) => {
    expect(agentOf(shifts)).toMatchObject({ ...want, shiftCount: shifts.length });
  });

  it('splits a shift crossing 30 Nov → 1 Dec at local midnight', () => {
    const s = shift('2026-11-30 22:00', '2026-12-01 06:00', { type: 'nuit' });
    expect(agentOf([s], '2026-11')).toMatchObject({
      daysWorked: 1,
      workedMinutes: 2 * H,
      nightMinutes: 2 * H,
      shiftCount: 1,
    });
    // December gets the rest; the shift is counted once, in the month it starts.
    const dec = payrollInput([s], { month: '2026-12', now: at('2027-01-05 10:00') });
    const result = computePayroll(dec);
    expect(result.agents[0]).toMatchObject({
      daysWorked: 1,
      workedMinutes: 6 * H,
      nightMinutes: 6 * H,
      shiftCount: 0,
    });
    expect(result.shifts).toHaveLength(1);
    expect(result.shifts[0]).toMatchObject({ shiftId: s.id, workedMinutes: 6 * H });
  });

  it('counts the 25 h day of 25 Oct 2026 (clocks go back): 20:00 → 08:00 is 13 h', () => {
    const s = shift('2026-10-24 20:00', '2026-10-25 08:00', { type: 'nuit' });
    expect(agentOf([s], '2026-10')).toMatchObject({
      daysWorked: 2,
      workedMinutes: 13 * H,
      nightMinutes: 10 * H, // 21:00 → 06:00 holds 10 real hours that night
      sundayMinutes: 9 * H, // 25 Oct 00:00 → 08:00
      holidayMinutes: 0,
    });
  });

  it('counts the 23 h day of 29 Mar 2026 (clocks go forward): 20:00 → 06:00 is 9 h', () => {
    const s = shift('2026-03-28 20:00', '2026-03-29 06:00', { type: 'nuit' });
    expect(agentOf([s], '2026-03')).toMatchObject({
      workedMinutes: 9 * H,
      nightMinutes: 8 * H,
      sundayMinutes: 5 * H,
    });
  });
});

describe('computePayroll: which time counts', () => {
  const planned = (over: Partial<PayrollShift> = {}) =>
    shift('2026-11-10 08:00', '2026-11-10 16:00', {
      break: ['2026-11-10 12:00', '2026-11-10 12:30'],
      ...over,
    });

  it.each([
    { name: 'on time', over: {}, worked: 7.5 * H, remark: '' },
    {
      name: 'clock times differ from planned (rounded to the minute)',
      over: { clockIn: at('2026-11-10 07:49:40'), clockOut: at('2026-11-10 16:20:10') },
      worked: 8 * H, // 07:50 → 16:20 less the 30 min break
      remark: '',
    },
    {
      name: 'left before the break: the break does not count against',
      over: { clockOut: at('2026-11-10 12:15') },
      worked: 4 * H,
      remark: '',
    },
    {
      name: 'still running: clockIn → now',
      over: { status: 'en_cours', clockOut: null },
      now: at('2026-11-10 11:00'),
      worked: 3 * H,
      remark: 'En cours',
    },
    {
      name: 'still running past its planned end: clockIn → planned end',
      over: { status: 'en_cours', clockOut: null },
      now: at('2026-11-10 20:00'),
      worked: 7.5 * H,
      remark: 'En cours',
    },
    { name: 'cancelled counts nothing, even clocked', over: { status: 'annule' }, worked: 0, remark: '' },
    {
      name: 'unclocked past shift: 0 and flagged',
      over: { status: 'programme', clockIn: null, clockOut: null },
      worked: 0,
      remark: 'Non pointée',
    },
    {
      name: 'clock-out without clock-in: unclocked',
      over: { status: 'programme', clockIn: null },
      worked: 0,
      remark: 'Non pointée',
    },
    {
      name: 'future shift: 0, to come',
      over: { status: 'programme', clockIn: null, clockOut: null },
      now: at('2026-11-09 12:00'),
      worked: 0,
      remark: 'À venir',
    },
  ] as { name: string; over: Partial<PayrollShift>; now?: Date; worked: number; remark: string }[])(
    '$name',
    ({ over, now, worked, remark }) => {
      const s = planned(over);
      const result = computePayroll(payrollInput([s], now ? { now } : {}));
      expect(result.shifts).toHaveLength(1);
      expect(result.shifts[0]).toMatchObject({
        shiftId: s.id,
        status: s.status,
        workedMinutes: worked,
        remark,
      });
      expect(result.shifts[0]?.breakMinutes).toBe(30);
      expect(result.agents[0]).toMatchObject({
        workedMinutes: worked,
        daysWorked: worked > 0 ? 1 : 0,
        shiftCount: s.status === 'annule' ? 0 : 1,
      });
    },
  );
});

describe('computePayroll: agents and rows', () => {
  it('lists every agent, even without shifts, sorted by name; adds agents only met in shifts', () => {
    const input = payrollInput(
      [
        shift('2026-11-03 08:00', '2026-11-03 12:00'),
        shift('2026-11-03 08:00', '2026-11-03 10:00', {
          agentId: 'a9',
          agentName: 'Zidane Léa',
          agentBadge: 'M-9',
        }),
      ],
      {
        agents: [
          { id: 'a2', name: 'Émile Arnaud', badge: 'M-002' },
          { id: 'a1', name: 'Dupont Marie', badge: 'M-001' },
          { id: 'a3', name: 'berger Paul', badge: 'M-003' },
        ],
      },
    );
    const { agents } = computePayroll(input);
    expect(agents.map((a) => a.agentName)).toEqual([
      'berger Paul',
      'Dupont Marie',
      'Émile Arnaud',
      'Zidane Léa',
    ]);
    expect(agents[0]).toMatchObject({ workedMinutes: 0, daysWorked: 0, shiftCount: 0 });
    expect(agents[3]).toMatchObject({ workedMinutes: 2 * H, shiftCount: 1 });
  });

  it('leaves out shifts of other months and sums several shifts of one day', () => {
    const { agents, shifts } = computePayroll(
      payrollInput([
        shift('2026-10-20 08:00', '2026-10-20 16:00'),
        shift('2026-11-05 06:00', '2026-11-05 10:00'),
        shift('2026-11-05 18:00', '2026-11-05 22:00'),
      ]),
    );
    expect(shifts).toHaveLength(2);
    expect(agents[0]).toMatchObject({ daysWorked: 1, workedMinutes: 8 * H, nightMinutes: H, shiftCount: 2 });
    expect(shifts.map((s) => s.nightMinutes)).toEqual([0, H]);
  });

  it('keeps a clock-in before the month inside the month only', () => {
    const s = shift('2026-11-01 00:00', '2026-11-01 06:00', { clockIn: at('2026-10-31 23:45') });
    expect(agentOf([s])).toMatchObject({ workedMinutes: 6 * H, nightMinutes: 6 * H, shiftCount: 1 });
  });
});
