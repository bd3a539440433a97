// Shared pieces of the demo seed: the owner's context, a seeded pseudo-random generator (the same
// data on every fresh run) and local-time helpers (dates are relative to the moment of seeding).
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../../plugins/auth';
import type { SecretBox } from '../../../plugins/secrets';
import type { Database } from '../../client';
import { agents, cameras, sites } from '../../schema';

export interface DemoContext {
  db: Database;
  secrets: SecretBox;
  auth: AuthContext;
  now: Date;
  rng: Rng;
}

/** mulberry32: small, fast and good enough for demo data. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  chance(p: number) {
    return this.next() < p;
  }
}

export const DAY_MS = 86_400_000;
export const TZ = 'Europe/Paris';

/** The local calendar day (YYYY-MM-DD) of an instant in the company's timezone. */
export function localDay(at: Date) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The local hour (0-23) of an instant in the company's timezone. */
export function localHour(at: Date) {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(at),
  );
}

/** YYYY-MM-DD shifted by whole days (calendar arithmetic, no timezone involved). */
export function addDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const hhmm = (h: number, m = 0) =>
  `${String(((h % 24) + 24) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

/** The company's sites, cameras and agents as seeded so far (a resumed seed reads them back). */
export async function loadSeeded(ctx: DemoContext) {
  const companyId = ctx.auth.companyId;
  return ctx.db.withTenant(companyId, async (tx) => ({
    sites: await tx
      .select()
      .from(sites)
      .where(eq(sites.companyId, companyId))
      .orderBy(sites.createdAt, sites.name),
    cameras: await tx
      .select()
      .from(cameras)
      .where(eq(cameras.companyId, companyId))
      .orderBy(cameras.createdAt, cameras.name),
    agents: await tx.select().from(agents).where(eq(agents.companyId, companyId)).orderBy(agents.badge),
  }));
}
export type Seeded = Awaited<ReturnType<typeof loadSeeded>>;

/** The context of an agent's own account (clock-in, logbook, rounds are the agent's acts). */
export const agentAuth = (ctx: DemoContext, userId: string, name: string): AuthContext => ({
  ...ctx.auth,
  userId,
  role: 'agent',
  isOwner: false,
  user: { ...ctx.auth.user, id: userId, name, role: 'agent' },
});
