import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema';
import { notifySql, rowsSource, type SourceRow } from './notifications.sql';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Writes the notifications with their events and deliveries in one statement (notifications.sql.ts);
 * answers how many were stored. `at` is when the recipients' switches are judged.
 */
export async function insertNotifications(tx: Tx, companyId: string, rows: SourceRow[], at: Date) {
  const [row] = rowsOf<{ told: number }>(await tx.execute(notifySql(companyId, rowsSource(rows), at)));
  return row?.told ?? 0;
}

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

/** A notification with what its delivery needs of its recipient, read when the delivery runs. */
export interface DeliveryRow {
  id: string;
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  title_values: Record<string, unknown> | null;
  body: string;
  body_values: Record<string, unknown> | null;
  link: string | null;
  created_at: Date | string;
  name: string;
  language: string;
  email: string;
  phone: string | null;
  timezone: string;
  notify_email: boolean;
  notify_sms: boolean;
  notify_push: boolean;
}

/** The notification and its recipient's address and switches, or undefined when either is gone. */
export async function findForDelivery(tx: Tx, companyId: string, notificationId: string, userId: string) {
  const [row] = rowsOf<DeliveryRow>(
    await tx.execute(sql`
      select n.id, n.kind, n.severity, n.title, n.title_values, n.body, n.body_values, n.link, n.created_at,
             u.name, u.email, u.phone, u.language, u.timezone, u.notify_email, u.notify_sms, u.notify_push
        from notifications n join users u on u.company_id = n.company_id and u.id = n.user_id
       where n.company_id = ${companyId} and n.id = ${notificationId} and n.user_id = ${userId}`),
  );
  return row;
}
