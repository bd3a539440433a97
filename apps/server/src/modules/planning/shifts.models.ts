import type { Shift } from '@vigie/contract/planning.contract';
import type { ShiftWithNames } from './shifts.repository';

export const toShiftDto = (r: ShiftWithNames): Shift => ({
  id: r.id,
  agentId: r.agentId,
  agentName: r.agentName,
  siteId: r.siteId,
  siteName: r.siteName,
  date: r.localDate,
  startTime: r.startTime,
  endTime: r.endTime,
  breakStart: r.breakStart,
  breakEnd: r.breakEnd,
  type: r.type,
  status: r.status,
  start: r.startsAt.toISOString(),
  end: r.endsAt.toISOString(),
  workedMinutes: r.workedMinutes,
  clockInAt: r.clockInAt ? r.clockInAt.toISOString() : null,
  clockOutAt: r.clockOutAt ? r.clockOutAt.toISOString() : null,
  overrideReason: r.overrideReason,
  cancelReason: r.cancelReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** '7 h 30', '8 h': worked time as the toasts and messages write it. */
export const hoursLabel = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
};
