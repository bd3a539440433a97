// Test helpers of the payroll module: shifts written in local wall-clock times.
import { TZDate } from '@date-fns/tz';
import type { PayrollInput, PayrollShift } from './payroll-hours.js';

export const TZ = 'Europe/Paris';

/** The instant of a local wall-clock time `YYYY-MM-DD HH:mm[:ss]` in Europe/Paris. */
export function at(local: string): Date {
  const [day, time = '00:00'] = local.split(' ') as [string, string?];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi, s = 0] = time.split(':').map(Number) as [number, number, number?];
  return new Date(new TZDate(y, m - 1, d, h, mi, s, TZ).getTime());
}

let next = 0;

/** A shift clocked exactly on its planned times unless told otherwise. */
export function shift(
  start: string,
  end: string,
  over: Partial<PayrollShift> & { break?: [string, string] } = {},
): PayrollShift {
  const { break: pause, ...rest } = over;
  next += 1;
  return {
    id: `s${next}`,
    agentId: 'a1',
    agentName: 'Dupont Marie',
    agentBadge: 'M-001',
    siteName: 'Entrepôt Nord',
    type: 'jour',
    status: 'termine',
    plannedStart: at(start),
    plannedEnd: at(end),
    breakStart: pause ? at(pause[0]) : null,
    breakEnd: pause ? at(pause[1]) : null,
    clockIn: at(start),
    clockOut: at(end),
    ...rest,
  };
}

export function payrollInput(shifts: PayrollShift[], over: Partial<PayrollInput> = {}): PayrollInput {
  return {
    month: '2026-11',
    timezone: TZ,
    companyName: 'Sécurité Alpha',
    generatedAt: at('2026-12-02 09:30'),
    now: at('2026-12-02 09:30'),
    shifts,
    agents: [{ id: 'a1', name: 'Dupont Marie', badge: 'M-001' }],
    ...over,
  };
}
