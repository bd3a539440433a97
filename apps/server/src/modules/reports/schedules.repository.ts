import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { reportSchedules } from '../../db/schema';

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type NewSchedule = typeof reportSchedules.$inferInsert;

export async function insertSchedule(tx: Tx, row: NewSchedule) {
  const [r] = await tx.insert(reportSchedules).values(row).returning();
  if (!r) throw new Error('schedule insert returned nothing');
  return r;
}

export const listSchedules = (tx: Tx, companyId: string) =>
  tx
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.companyId, companyId))
    .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id))
    .limit(200);

export async function findSchedule(tx: Tx, companyId: string, id: string) {
  const [r] = await tx
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.id, id)));
  return r;
}

export async function updateSchedule(tx: Tx, companyId: string, id: string, set: Partial<NewSchedule>) {
  await tx
    .update(reportSchedules)
    .set(set)
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.id, id)));
}

export async function deleteScheduleRow(tx: Tx, companyId: string, id: string) {
  const [r] = await tx
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.id, id)))
    .returning();
  return r;
}

/** Up to `limit` schedules due at `now`, every company at once (SECURITY DEFINER: outside any tenant). */
export async function dueSchedules(db: Database, now: Date, limit: number) {
  return rowsOf<{ company_id: string; id: string }>(
    await db.direct.execute(
      sql`select * from report_schedules_due(${now.toISOString()}::timestamptz, ${limit}::int)`,
    ),
  );
}

/**
 * Locks the schedule if it is still due at `now`, skipping it when another instance holds it;
 * answers whether this transaction has it.
 */
export async function lockDueSchedule(tx: Tx, companyId: string, id: string, now: Date) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from report_schedules where company_id = ${companyId} and id = ${id}
                           and next_run_at <= ${now.toISOString()}::timestamptz for update skip locked`),
  );
  return rows.length > 0;
}
