// The one way a module tells people something: `notify` stores the in-app notification (the bell),
// pushes it on the event stream, and queues its delivery by e-mail, SMS and Web Push according to
// each recipient's switches (notifications.sql.ts) — all in the caller's transaction, so that a
// rolled-back change tells no one. The deliveries run off the request path (delivery/).
//
// Kinds in use (the `kind` column; `maintenance.*` is what the maintenance switch filters):
//   alarm.<type>            a new alarm (alarms/alarm-notifications.ts); severity from the alarm's
//   maintenance.<type>      a new camera_offline or technical alarm
//   alarm.escalated         an alarm left unacknowledged (alarms/alarm-escalation.ts)
//   radio.sos, radio.emergency  an SOS or an emergency detected on the radio (radio/alerts/alerts.service.ts)
//   licence.<alert>         a CNAPS card or qualification expiring or expired (planning/planning.jobs.ts)
//   report.ready            a generated report is ready to download (reserved for the reports module)
// An absent agent is an `agent_absent` alarm (planning/planning.jobs.ts), told as `alarm.agent_absent`.
import type { listNotificationsQuery, Notification } from '@vigie/contract/notifications.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { Language } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { decodeCursor } from '../../plugins/pagination';
import { languageOf, type MessageValues, notificationText } from './notification-text';
import * as repo from './notifications.repository';

export interface NotificationInput {
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  /** Who: explicit user ids, or every user of these roles. */
  audience: { userIds: string[] } | { roles: ('admin' | 'operator' | 'agent')[] };
  /**
   * French messages, their arguments in `titleValues` / `bodyValues` (`{ title: 'Rapport prêt : {name}',
   * titleValues: { name } }`): each reader gets them in his language (notification-text.ts). Anything
   * written by people or devices (names, descriptions) goes in the values, never in the message.
   */
  title: string;
  titleValues?: MessageValues;
  body: string;
  bodyValues?: MessageValues;
  link?: string | null;
  /** A notification with the same key is not repeated to the same user (daily jobs). */
  dedupeKey?: string | null;
  /**
   * false: what the app already shows by itself (an active alarm is in the bell until acknowledged).
   * Delivered outside all the same, and stored, as read and without `notification.created`, only
   * for the users it is delivered to (the record of what they were sent).
   */
  inApp?: boolean;
}

/** The notification as `language`'s reader sees it in the app. */
export const toNotificationDto = (r: repo.NotificationRow, language: Language): Notification => ({
  id: r.id,
  kind: r.kind,
  severity: r.severity,
  title: notificationText(language, r.title, r.titleValues),
  body: notificationText(language, r.body, r.bodyValues),
  link: r.link,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Stores, pushes and queues the deliveries of one or several notifications, in one statement.
 * Answers how many notifications were stored (0 when everyone had them already). `now` is when the
 * weekend switch is judged (tests give their own clock).
 */
export async function notify(
  tx: Tx,
  companyId: string,
  input: NotificationInput | NotificationInput[],
  opts: { now?: Date } = {},
) {
  const inputs = Array.isArray(input) ? input : [input];
  if (inputs.length === 0) return 0;
  return repo.insertNotifications(
    tx,
    companyId,
    inputs.map((n) => ({
      kind: n.kind,
      severity: n.severity,
      title: n.title,
      // Stored even when empty: values mark the text as a message to translate (null: as it is).
      title_values: n.titleValues ?? {},
      body: n.body,
      body_values: n.bodyValues ?? {},
      link: n.link ?? null,
      dedupe_key: n.dedupeKey ?? null,
      in_app: n.inApp ?? true,
      user_ids: 'userIds' in n.audience ? n.audience.userIds : [],
      roles: 'roles' in n.audience ? n.audience.roles : [],
    })),
    opts.now ?? new Date(),
  );
}

export async function listMine(db: Database, auth: AuthContext, q: z.output<typeof listNotificationsQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  const unread = q.unread === undefined ? undefined : q.unread === 'true';
  return db.withTenant(auth.companyId, async (tx) => {
    const rows = await repo.listForUser(tx, auth.companyId, auth.userId, { unread, limit: q.limit, after });
    const total = await repo.countForUser(tx, auth.companyId, auth.userId, unread === true);
    return { rows: rows.map((r) => toNotificationDto(r, languageOf(auth.user.language))), total };
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
    return toNotificationDto(row, languageOf(auth.user.language));
  });
}

export async function readAll(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => ({
    updated: await repo.markAllRead(tx, auth.companyId, auth.userId),
  }));
}
