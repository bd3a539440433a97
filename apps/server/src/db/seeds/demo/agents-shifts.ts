// Step 2b: six weeks of shifts around today (three before, three after) through the planning
// service, so every working-time rule holds: each agent keeps one service time (12 h day or night
// services, the usual rhythm of the trade), works 3 days in 7 (36 h a week), never past the expiry of a
// CNAPS card, and sites that require SSIAP 1 get SSIAP 1 holders only. Every agent has an account:
// the services of the last day are clocked in (and out when over), the three first agents' whole
// history too, so the control room sees agents on duty; the demo's simulator clocks in the next ones.
import { createShiftBody } from '@vigie/contract/planning.contract';
import { eq } from 'drizzle-orm';
import { clockIn, clockOut } from '../../../modules/planning/clock.service';
import { createShift } from '../../../modules/planning/shifts.service';
import type { AuthContext } from '../../../plugins/auth';
import { shifts } from '../../schema';
import { CNAPS_EXPIRED, CNAPS_EXPIRING, LINKED_EMAILS } from './agents';
import { addDays, type DemoContext, hhmm, loadSeeded, localDay, localHour } from './context';

const WEEKS_BEFORE = 3;
const WEEKS_AFTER = 3;
/** 12 h services, three days on and four off: 36 h a week, 12 h of rest between two services. */
const HOURS = 12;
const DAYS_ON = 3;

interface Created {
  id: string;
  agentIndex: number;
  day: number;
  start: Date;
  end: Date;
}

interface Pattern {
  start: number;
  type: 'day' | 'night' | 'custom';
}

function patternOf(i: number, nowHour: number): Pattern {
  // The linked agents: a service that started two hours ago (so that it runs now, whatever the hour).
  if (i < LINKED_EMAILS.length) return { start: (nowHour + 22) % 24, type: 'custom' };
  if (i < 19 || i >= 38) return { start: 7, type: 'day' };
  return { start: 19, type: 'night' };
}

export async function seedShifts(ctx: DemoContext) {
  const seeded = await loadSeeded(ctx);
  const companyId = ctx.auth.companyId;
  const existing = await ctx.db.withTenant(companyId, (tx) =>
    tx
      .select({ agentId: shifts.agentId, startsAt: shifts.startsAt })
      .from(shifts)
      .where(eq(shifts.companyId, companyId)),
  );
  const done = new Set(existing.map((s) => `${s.agentId}/${localDay(s.startsAt)}`));
  const nowHour = localHour(ctx.now);
  // The linked agents' service started at nowHour - 2, possibly on the previous local day.
  const today = localDay(nowHour < 2 ? new Date(ctx.now.getTime() - 3 * 3_600_000) : ctx.now);
  const created: Created[] = [];
  const agentsByBadge = [...seeded.agents].sort((a, b) => a.badge.localeCompare(b.badge));
  const jobs: (() => Promise<void>)[] = [];
  for (const [i, agent] of agentsByBadge.entries()) {
    if (!agent.assignedSiteId) continue;
    const { start, type } = patternOf(i, nowHour);
    const offset = i < LINKED_EMAILS.length ? 0 : i % 7;
    for (let k = -WEEKS_BEFORE * 7; k < WEEKS_AFTER * 7; k += 1) {
      if ((((k + offset) % 7) + 7) % 7 >= DAYS_ON) continue;
      // No service on a day the card is not valid (the rules would refuse it).
      if (i === CNAPS_EXPIRED && k >= -21) continue;
      const expiring = CNAPS_EXPIRING[i];
      if (expiring !== undefined && k >= expiring) continue;
      const date = addDays(today, k);
      if (done.has(`${agent.id}/${date}`)) continue;
      const siteId = agent.assignedSiteId;
      jobs.push(async () => {
        const shift = await createShift(
          ctx.db,
          ctx.auth,
          createShiftBody.parse({
            agentId: agent.id,
            siteId,
            date,
            startTime: hhmm(start),
            endTime: hhmm(start + HOURS),
            shiftType: type,
          }),
        );
        created.push({
          id: shift.id,
          agentIndex: i,
          day: k,
          start: new Date(shift.start),
          end: new Date(shift.end),
        });
      });
    }
  }
  await runPool(jobs, 4);
  await clockLinkedAgents(ctx, created, agentsByBadge);
}

/** Runs the jobs with at most `size` at once (PostgreSQL's pool serves them in parallel). */
export async function runPool(jobs: (() => Promise<void>)[], size: number) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next];
      next += 1;
      await job?.();
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

async function clockLinkedAgents(
  ctx: DemoContext,
  created: Created[],
  agents: { userId: string | null; assignedSiteId: string | null }[],
) {
  const seeded = await loadSeeded(ctx);
  const now = ctx.now.getTime();
  // The three first agents' whole history; the others' services of the last day (so that the
  // attendance watch, which looks one day back, finds nobody absent; older ones stay as planned).
  const recent = now - 26 * 3_600_000;
  for (const s of created.filter((c) => c.agentIndex < LINKED_EMAILS.length || c.start.getTime() >= recent)) {
    const agent = agents[s.agentIndex];
    const site = seeded.sites.find((x) => x.id === agent?.assignedSiteId);
    if (!agent?.userId || !site || site.latitude === null || site.longitude === null) continue;
    const auth: AuthContext = { ...ctx.auth, userId: agent.userId, role: 'agent', isOwner: false };
    const here = { latitude: site.latitude + 0.0003, longitude: site.longitude - 0.0002, accuracy: 12 };
    if (s.start.getTime() > now) continue;
    await clockIn(ctx.db, auth, s.id, here, new Date(s.start.getTime() - 6 * 60_000));
    if (s.end.getTime() < now)
      await clockOut(ctx.db, auth, s.id, here, new Date(s.end.getTime() + 4 * 60_000));
  }
}
