// Each user's notification switches, stored on the user's row (migration 0018).
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

const columns = {
  phone: users.phone,
  notifyEmail: users.notifyEmail,
  notifySms: users.notifySms,
  notifyPush: users.notifyPush,
  notifyCriticalOnly: users.notifyCriticalOnly,
  notifyWeekends: users.notifyWeekends,
  notifyMaintenance: users.notifyMaintenance,
};

export interface SwitchesRow {
  phone: string | null;
  notifyEmail: boolean;
  notifySms: boolean;
  notifyPush: boolean;
  notifyCriticalOnly: boolean;
  notifyWeekends: boolean;
  notifyMaintenance: boolean;
}

export type Switches = Omit<SwitchesRow, 'phone'>;

/** The user's switches and phone, or undefined when the user is gone. */
export async function findSwitches(
  tx: Tx,
  companyId: string,
  userId: string,
): Promise<SwitchesRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

/** Sets the user's switches; answers the row as stored, or undefined when the user is gone. */
export async function updateSwitches(
  tx: Tx,
  companyId: string,
  userId: string,
  values: Switches,
): Promise<SwitchesRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning(columns);
  return row;
}
