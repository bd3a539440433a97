// Web Push subscriptions: each browser a user allows gives its PushSubscription (the push service's
// URL and its keys); notifications are then encrypted for it and POSTed there (delivery/push.ts).
import { createPublicKey } from 'node:crypto';
import type { pushSubscriptionBody } from '@vigie/contract/notifications.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { invalid, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit/audit.service';
import * as repo from './push.repository';

/** A user's browsers beyond this many: the oldest subscriptions go (they are likely dead). */
export const SUBSCRIPTIONS_PER_USER = 10;

/** The browser's key must be a point of P-256, or nothing could be encrypted for it. */
function isP256Point(p256dh: string) {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export async function subscribe(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof pushSubscriptionBody>,
  userAgent: string | undefined,
) {
  if (!isP256Point(body.keys.p256dh)) {
    throw invalid(['body', 'keys', 'p256dh'], 'Clé de chiffrement du navigateur invalide');
  }
  return db.withTenant(auth.companyId, async (tx) => {
    // The same browser signing in as someone else of the company moves to them.
    const row = await repo.upsertSubscription(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    if (!row) throw new Error('push subscription not stored');
    await repo.trimSubscriptions(tx, auth.companyId, auth.userId, SUBSCRIPTIONS_PER_USER);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'push_subscription.created',
      entity: 'push_subscription',
      entityId: row.id,
      details: { service: new URL(row.endpoint).hostname },
    });
    return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
  });
}

/** Only the caller's own subscription; 404 when they have none at that address. */
export async function unsubscribe(db: Database, auth: AuthContext, endpoint: string) {
  await db.withTenant(auth.companyId, async (tx) => {
    const gone = await repo.deleteOwnSubscription(tx, auth.companyId, auth.userId, endpoint);
    if (gone === undefined) throw notFound('push.not_found', 'Abonnement introuvable pour ce navigateur');
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'push_subscription.deleted',
      entity: 'push_subscription',
      entityId: gone,
    });
  });
}
