// Web Push subscriptions (push_subscriptions): written by push.service.ts, read and kept up to date
// by the push delivery (delivery/deliver.ts).
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pushSubscriptions } from '../../db/schema';

export interface NewSubscription {
  companyId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** Stores the browser's subscription; an endpoint the company already has is taken over and starts afresh. */
export async function upsertSubscription(tx: Tx, s: NewSubscription) {
  const [row] = await tx
    .insert(pushSubscriptions)
    .values(s)
    .onConflictDoUpdate({
      target: [pushSubscriptions.companyId, pushSubscriptions.endpoint],
      set: {
        userId: s.userId,
        p256dh: s.p256dh,
        auth: s.auth,
        userAgent: s.userAgent,
        createdAt: new Date(),
        lastSuccessAt: null,
      },
    })
    .returning({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    });
  return row;
}

/** Deletes the user's subscriptions beyond the `keep` most recent ones. */
export async function trimSubscriptions(tx: Tx, companyId: string, userId: string, keep: number) {
  const mine = and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId));
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(mine)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx.delete(pushSubscriptions).where(and(mine, notInArray(pushSubscriptions.id, kept)));
}

/** Deletes the user's subscription at this endpoint; answers its id, or undefined when there was none. */
export async function deleteOwnSubscription(tx: Tx, companyId: string, userId: string, endpoint: string) {
  const gone = await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.companyId, companyId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return gone[0]?.id;
}

/** Where and how to push to the user's subscription, or undefined when it is gone. */
export async function findPushTarget(tx: Tx, companyId: string, subscriptionId: string, userId: string) {
  const [row] = rowsOf<{ endpoint: string; p256dh: string; auth: string }>(
    await tx.execute(sql`select endpoint, p256dh, auth from push_subscriptions
      where company_id = ${companyId} and id = ${subscriptionId} and user_id = ${userId}`),
  );
  return row;
}

/** After a push: a subscription the push service no longer knows goes, a working one is stamped. */
export async function afterPush(tx: Tx, companyId: string, subscriptionId: string, gone: boolean) {
  await tx.execute(
    gone
      ? sql`delete from push_subscriptions where company_id = ${companyId} and id = ${subscriptionId}`
      : sql`update push_subscriptions set last_success_at = now()
             where company_id = ${companyId} and id = ${subscriptionId}`,
  );
}
