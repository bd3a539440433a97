// The queue's handlers for notification deliveries (job kinds in notifications.sql.ts). A job holds
// identifiers only; the notification, the recipient and the subscription are read when it runs,
// under its company's RLS, so a deleted user or browser receives nothing and a switch turned off
// in the meantime takes effect. A channel this app cannot deliver (no SMTP_URL, no SMS gateway) is
// not queued (declareChannels), and drops what another app of the process queued. Each channel is
// its own job: one failing never holds the others up.
import { internationalPhonePattern } from '@vigie/contract/notifications.contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { FinalJobError, type Job, jobQueue } from '../../../db/jobs';
import { languageOf } from '../notification-text';
import { findForDelivery } from '../notifications.repository';
import { declareChannels, deliveryKinds } from '../notifications.sql';
import { afterPush, findPushTarget } from '../push.repository';
import { loadVapidKeys, type VapidKeys } from '../vapid';
import { emailSender, sendPush, sendSms } from './channels';
import { type Deliverable, emailOf, pushOf, smsOf } from './messages';

interface Ids {
  companyId: string;
  notificationId: string;
  userId: string;
  subscriptionId: string | undefined;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsOf(job: Job): Ids {
  const { notificationId, userId, subscriptionId } = job.payload;
  const ok = (v: unknown) => typeof v === 'string' && uuid.test(v);
  if (
    !job.companyId ||
    !ok(notificationId) ||
    !ok(userId) ||
    (subscriptionId !== undefined && !ok(subscriptionId))
  ) {
    throw new FinalJobError('malformed notification job');
  }
  return {
    companyId: job.companyId,
    notificationId: notificationId as string,
    userId: userId as string,
    subscriptionId: subscriptionId as string | undefined,
  };
}

/** The notification as its recipient gets it, or undefined when either is gone. */
async function load(db: Database, ids: Ids) {
  const row = await db.withTenant(ids.companyId, (tx) =>
    findForDelivery(tx, ids.companyId, ids.notificationId, ids.userId),
  );
  if (!row) return undefined;
  const deliverable: Deliverable = {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    titleValues: row.title_values,
    body: row.body,
    bodyValues: row.body_values,
    link: row.link,
    createdAt: new Date(row.created_at),
    name: row.name,
    language: languageOf(row.language),
    timezone: row.timezone,
  };
  return { row, deliverable };
}

export interface Delivery {
  vapid: VapidKeys;
  /** Runs every due job now (tests, and the kick after enqueue). */
  runOnce(): Promise<{ done: number; retried: number; failed: number }>;
}

export function registerDelivery(app: FastifyInstance): Delivery {
  const { db, config } = app;
  const vapid = loadVapidKeys(config);
  app.log.info(`Web Push (VAPID) keys from: ${vapid.source}`);
  const email = emailSender(config.smtpUrl, config.smtpFrom);
  const { worker } = jobQueue(app, {
    pollIntervalMs: config.jobsPollIntervalMs,
    retryBaseMs: config.jobsRetryBaseMs,
  });
  const withdraw = declareChannels({ email: email !== null, sms: config.sms !== null });

  worker.handle(deliveryKinds.email, async (job) => {
    if (!email) return;
    const found = await load(db, idsOf(job));
    if (!found?.row.notify_email) return;
    await email.send(found.row.email, emailOf(found.deliverable, config.publicUrl));
  });

  worker.handle(deliveryKinds.sms, async (job) => {
    if (!config.sms) return;
    const found = await load(db, idsOf(job));
    const phone = found?.row.phone;
    if (!found?.row.notify_sms || !phone || !internationalPhonePattern.test(phone)) return;
    await sendSms(config.sms, phone, smsOf(found.deliverable));
  });

  worker.handle(deliveryKinds.push, async (job) => {
    const ids = idsOf(job);
    if (!ids.subscriptionId) throw new FinalJobError('push job without a subscription');
    const found = await load(db, ids);
    if (!found?.row.notify_push) return;
    const subscriptionId = ids.subscriptionId;
    const target = await db.withTenant(ids.companyId, (tx) =>
      findPushTarget(tx, ids.companyId, subscriptionId, ids.userId),
    );
    if (!target) return;
    const severity = found.deliverable.severity;
    const outcome = await sendPush(app.outbound, vapid, target, JSON.stringify(pushOf(found.deliverable)), {
      // An alert a day old is history: the push service may drop it rather than wake a phone with it.
      ttlSeconds: 86_400,
      urgency: severity === 'critical' ? 'high' : severity === 'warning' ? 'normal' : 'low',
    });
    await db.withTenant(ids.companyId, (tx) =>
      afterPush(tx, ids.companyId, subscriptionId, outcome === 'gone'),
    );
  });

  app.addHook('onClose', async () => {
    withdraw();
    email?.close();
  });
  return { vapid, runOnce: () => worker.runOnce() };
}
