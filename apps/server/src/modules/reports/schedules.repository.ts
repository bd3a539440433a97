import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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
