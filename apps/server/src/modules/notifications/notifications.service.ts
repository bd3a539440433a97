// The one way a module tells people something: `notify` stores the in-app notification (the bell)
// and pushes it on the event stream, in the caller's transaction. Delivery by e-mail, SMS or Web
// Push according to each user's settings comes with the settings module.
import type { listNotificationsQuery, Notification } from '@vigie/contract/notifications.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { decodeCursor } from '../../plugins/pagination';
import { publishEvents } from '../events/events.service';
import { userIdsByRoles } from '../users/users.service';
import * as repo from './notifications.repository';

export interface NotificationInput {
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  /** Who: explicit user ids, or every user of these roles. */
  audience: { userIds: string[] } | { roles: ('admin' | 'operator' | 'agent')[] };
  title: string;
  body: string;
  link?: string | null;
  /** A notification with the same key is not repeated to the same user (daily jobs). */
  dedupeKey?: string | null;
}

export const toNotificationDto = (r: repo.NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind,
  severity: r.severity,
  title: r.title,
  body: r.body,
  link: r.link,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** Stores and pushes; answers how many users were told (0 when all had it already). */
export async function notify(tx: Tx, companyId: string, input: NotificationInput) {
  const userIds =
    'userIds' in input.audience
      ? input.audience.userIds
      : await userIdsByRoles(tx, companyId, input.audience.roles);
  const rows = await repo.insertNotifications(
    tx,
    userIds.map((userId) => ({
      companyId,
      userId,
      kind: input.kind,
      severity: input.severity,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      dedupeKey: input.dedupeKey ?? null,
    })),
  );
  await publishEvents(
    tx,
    companyId,
    rows.map((r) => ({
      type: 'notification.created' as const,
      payload: { id: r.id, userId: r.userId, kind: r.kind, severity: r.severity, title: r.title },
    })),
  );
  return rows.length;
}

export async function listMine(db: Database, auth: AuthContext, q: z.output<typeof listNotificationsQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  const unread = q.unread === undefined ? undefined : q.unread === 'true';
  return db.withTenant(auth.companyId, async (tx) => {
    const rows = await repo.listForUser(tx, auth.companyId, auth.userId, { unread, limit: q.limit, after });
    const total = await repo.countForUser(tx, auth.companyId, auth.userId, unread === true);
    return { rows: rows.map(toNotificationDto), total };
  });
}

export async function unreadCount(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => ({
    unread: await repo.countForUser(tx, auth.companyId, auth.userId, true),
  }));
}

export async function readOne(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.markRead(tx, auth.companyId, auth.userId, id);
    if (!row) throw notFound('notifications.not_found', 'Notification introuvable');
    return toNotificationDto(row);
  });
}

export async function readAll(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => ({
    updated: await repo.markAllRead(tx, auth.companyId, auth.userId),
  }));
}
