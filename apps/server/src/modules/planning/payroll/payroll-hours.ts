// Payroll figures of a month: which time of each shift counts, and how it splits into local days,
// night, Sunday and public-holiday time. Pure: no I/O, `now` comes from the input.
//
// Which time counts (decided for payroll, see also ShiftRemark):
// - a cancelled shift ('annule') counts nothing; it is still listed, with its status;
// - clocked in and out: the real times clockIn..clockOut, less the planned break where it overlaps;
// - clocked in, not out (still running): clockIn..min(now, plannedEnd), less the planned break;
//   remark 'En cours';
// - never clocked in (a clock-out alone is ignored too): 0 worked minutes. Planned times are never
//   paid on their own: a shift whose planned start is past is flagged 'Non pointée' (a manager must
//   fix the clock data), one that has not started yet is 'À venir'.
// Every instant is rounded to the nearest minute first, so all figures are whole minutes and the
// splits add up exactly. Splits use the local calendar of `timezone` through @date-fns/tz (never
// hours added to UTC): a daylight-saving day has 23 or 25 hours, a night 21:00→06:00 has 8 or 10.
// Only minutes inside the local calendar month count; a shift crossing the month boundary is split.
import { TZDate } from '@date-fns/tz';
import { frenchPublicHolidays } from './french-holidays.js';

export type ShiftType = 'jour' | 'nuit' | 'matin' | 'apres_midi' | 'personnalise';
export type ShiftStatus = 'programme' | 'en_cours' | 'termine' | 'annule';

export interface PayrollShift {
  id: string;
  agentId: string;
  agentName: string;
  agentBadge: string;
  siteName: string;
  type: ShiftType;
  status: ShiftStatus;
  plannedStart: Date;
  plannedEnd: Date;
  breakStart: Date | null;
  breakEnd: Date | null;
  clockIn: Date | null;
  clockOut: Date | null;
}

export interface PayrollInput {
  /** YYYY-MM */
  month: string;
  /** IANA zone of the company, e.g. Europe/Paris. */
  timezone: string;
  companyName: string;
  generatedAt: Date;
  now: Date;
  shifts: PayrollShift[];
  agents: { id: string; name: string; badge: string }[];
}

/** Remark of a shift row (French, shown as is). */
export type ShiftRemark = 'Non pointée' | 'À venir' | 'En cours' | '';

/** Figures of one agent for the month. Every duration is in whole minutes. */
export interface AgentPayroll {
  agentId: string;
  agentName: string;
  agentBadge: string;
  /** Distinct local days of the month with worked minutes. */
  daysWorked: number;
  workedMinutes: number;
  /** Worked minutes between 21:00 and 06:00 local. */
  nightMinutes: number;
  /** Worked minutes on local Sundays. */
  sundayMinutes: number;
  /** Worked minutes on French public holidays. */
  holidayMinutes: number;
  /** Shifts not cancelled whose planned start lies in the month (each shift counts in one month). */
  shiftCount: number;
}

/** One shift of the month, as listed. Durations are the minutes inside the month. */
export interface ShiftRow {
  shiftId: string;
  agentId: string;
  agentName: string;
  agentBadge: string;
  siteName: string;
  type: ShiftType;
  status: ShiftStatus;
  plannedStart: Date;
  plannedEnd: Date;
  /** Planned break length. */
  breakMinutes: number;
  clockIn: Date | null;
  clockOut: Date | null;
  workedMinutes: number;
  nightMinutes: number;
  remark: ShiftRemark;
}

export interface PayrollResult {
  /** Every agent of the input (and any agent only met in shifts), sorted by name. */
  agents: AgentPayroll[];
  /** Shifts whose planned or counted time touches the month, by planned start then agent name. */
  shifts: ShiftRow[];
}

const MINUTE = 60_000;
/** A span of instants [start, end), epoch milliseconds. */
export type Span = readonly [number, number];

const toMinute = (d: Date) => Math.round(d.getTime() / MINUTE) * MINUTE;
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
const pad = (n: number) => String(n).padStart(2, '0');

/** The instants [start, end) of the local calendar month `YYYY-MM` in `timezone`. */
export function monthBounds(month: string, timezone: string): Span {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) throw new RangeError(`Invalid month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return [
    new TZDate(year, index, 1, 0, 0, 0, timezone).getTime(),
    new TZDate(year, index + 1, 1, 0, 0, 0, timezone).getTime(),
  ];
}

/** The counted spans of a shift (break removed) and its remark; see the header. */
export function countedSpans(s: PayrollShift, now: Date): { spans: Span[]; remark: ShiftRemark } {
  if (s.status === 'annule') return { spans: [], remark: '' };
  if (!s.clockIn)
    return { spans: [], remark: toMinute(s.plannedStart) <= now.getTime() ? 'Non pointée' : 'À venir' };
  const start = toMinute(s.clockIn);
  const running = !s.clockOut;
  const end = s.clockOut ? toMinute(s.clockOut) : Math.min(toMinute(now), toMinute(s.plannedEnd));
  const remark: ShiftRemark = running ? 'En cours' : '';
  if (end <= start) return { spans: [], remark };
  if (!s.breakStart || !s.breakEnd || s.breakEnd <= s.breakStart) return { spans: [[start, end]], remark };
  const breakStart = toMinute(s.breakStart);
  const breakEnd = toMinute(s.breakEnd);
  const spans: Span[] = [
    [start, Math.min(end, breakStart)],
    [Math.max(start, breakEnd), end],
  ];
  return { spans: spans.filter(([a, b]) => b > a), remark };
}

interface Split {
  worked: number;
  night: number;
  sunday: number;
  holiday: number;
  days: Set<string>;
}

/**
 * Splits [from, to) along local days and adds its milliseconds into `acc`: worked, night
 * (00:00-06:00 and 21:00-24:00 of each local day), Sunday and public-holiday time.
 */
function splitLocal(span: Span, timezone: string, isHoliday: (day: string) => boolean, acc: Split) {
  let t = span[0];
  while (t < span[1]) {
    const local = new TZDate(t, timezone);
    const [y, m, d] = [local.getFullYear(), local.getMonth(), local.getDate()];
    const at = (day: number, hour: number) => new TZDate(y, m, day, hour, 0, 0, timezone).getTime();
    const nextDay = at(d + 1, 0);
    const piece: Span = [t, Math.min(nextDay, span[1])];
    const ms = piece[1] - piece[0];
    const day = `${y}-${pad(m + 1)}-${pad(d)}`;
    acc.worked += ms;
    acc.night += overlap(piece, [at(d, 0), at(d, 6)]) + overlap(piece, [at(d, 21), nextDay]);
    if (local.getDay() === 0) acc.sunday += ms;
    if (isHoliday(day)) acc.holiday += ms;
    if (ms > 0) acc.days.add(day);
    t = piece[1];
  }
}

function holidayLookup(): (day: string) => boolean {
  const byYear = new Map<number, Set<string>>();
  return (day) => {
    const year = Number(day.slice(0, 4));
    let set = byYear.get(year);
    if (!set) {
      set = new Set(frenchPublicHolidays(year).map((h) => h.date));
      byYear.set(year, set);
    }
    return set.has(day);
  };
}

const byName = (a: { name: string; badge: string }, b: { name: string; badge: string }) =>
  a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a.badge.localeCompare(b.badge, 'fr');

/** The payroll figures of `input.month`: one summary per agent and the month's shift rows. */
export function computePayroll(input: PayrollInput): PayrollResult {
  const month = monthBounds(input.month, input.timezone);
  const isHoliday = holidayLookup();
  const agents = new Map<string, AgentPayroll & { days: Set<string> }>();
  const agentOf = (id: string, name: string, badge: string) => {
    let a = agents.get(id);
    if (!a) {
      const zero = { daysWorked: 0, workedMinutes: 0, nightMinutes: 0, sundayMinutes: 0, holidayMinutes: 0 };
      a = {
        agentId: id,
        agentName: name,
        agentBadge: badge,
        ...zero,
        shiftCount: 0,
        days: new Set<string>(),
      };
      agents.set(id, a);
    }
    return a;
  };
  for (const a of input.agents) agentOf(a.id, a.name, a.badge);

  const rows: ShiftRow[] = [];
  for (const s of input.shifts) {
    const { spans, remark } = countedSpans(s, input.now);
    const planned: Span = [toMinute(s.plannedStart), toMinute(s.plannedEnd)];
    const inMonth = spans
      .filter((sp) => overlap(sp, month) > 0)
      .map((sp): Span => [Math.max(sp[0], month[0]), Math.min(sp[1], month[1])]);
    const plannedTouches = planned[0] < month[1] && planned[1] > month[0];
    if (!plannedTouches && inMonth.length === 0) continue;

    const split: Split = { worked: 0, night: 0, sunday: 0, holiday: 0, days: new Set() };
    for (const sp of inMonth) splitLocal(sp, input.timezone, isHoliday, split);
    const agent = agentOf(s.agentId, s.agentName, s.agentBadge);
    agent.workedMinutes += split.worked / MINUTE;
    agent.nightMinutes += split.night / MINUTE;
    agent.sundayMinutes += split.sunday / MINUTE;
    agent.holidayMinutes += split.holiday / MINUTE;
    for (const day of split.days) agent.days.add(day);
    if (s.status !== 'annule' && planned[0] >= month[0] && planned[0] < month[1]) agent.shiftCount += 1;

    const breakMinutes =
      s.breakStart && s.breakEnd ? Math.max(0, (toMinute(s.breakEnd) - toMinute(s.breakStart)) / MINUTE) : 0;
    rows.push({
      shiftId: s.id,
      agentId: s.agentId,
      agentName: s.agentName,
      agentBadge: s.agentBadge,
      siteName: s.siteName,
      type: s.type,
      status: s.status,
      plannedStart: s.plannedStart,
      plannedEnd: s.plannedEnd,
      breakMinutes,
      clockIn: s.clockIn,
      clockOut: s.clockOut,
      workedMinutes: split.worked / MINUTE,
      nightMinutes: split.night / MINUTE,
      remark,
    });
  }

  const summary = [...agents.values()].map(({ days, ...a }) => ({ ...a, daysWorked: days.size }));
  summary.sort((a, b) =>
    byName({ name: a.agentName, badge: a.agentBadge }, { name: b.agentName, badge: b.agentBadge }),
  );
  rows.sort(
    (a, b) =>
      a.plannedStart.getTime() - b.plannedStart.getTime() ||
      byName({ name: a.agentName, badge: a.agentBadge }, { name: b.agentName, badge: b.agentBadge }),
  );
  return { agents: summary, shifts: rows };
}
