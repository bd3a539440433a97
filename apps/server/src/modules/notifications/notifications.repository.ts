import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
// Written by notify() in one statement with its event and deliveries: notifications.sql.ts.

export async function listForUser(
  tx: Tx,
  companyId: string,
  userId: string,
  opts: { unread?: boolean | undefined; limit: number; after?: [string, string] | undefined },
) {
  const after = opts.after
    ? or(
        lt(notifications.createdAt, new Date(opts.after[0])),
        and(
          eq(notifications.createdAt, new Date(opts.after[0])),
          sql`${notifications.id} > ${opts.after[1]}::uuid`,
        ),
      )
    : undefined;
  return tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        opts.unread === true ? isNull(notifications.readAt) : undefined,
        after,
      ),
    )
    .orderBy(desc(notifications.createdAt), notifications.id)
    .limit(opts.limit + 1);
}

export async function countForUser(tx: Tx, companyId: string, userId: string, unreadOnly: boolean) {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function markRead(tx: Tx, companyId: string, userId: string, id: string) {
  await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), eq(notifications.id, id)),
    );
  const [row] = await tx
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), eq(notifications.id, id)),
    );
  return row;
}

export async function markAllRead(tx: Tx, companyId: string, userId: string) {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
