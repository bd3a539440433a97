// Administrators' side of the radio module: the keys of radio gateways, and how long recordings
// are kept (6 months at most; purged daily with their audio, counts written to the audit log).
import type { recordingRetentionBody } from '@vigie/contract/radio-traffic.contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { createScopedKey, listScopedKeys, revokeScopedKey } from '../integrations/integrations.service';
import * as comms from './communications.repository';
import { radioErrors } from './radio.errors';

const requireAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw radioErrors.adminOnly();
};

export async function listKeys(db: Database, auth: AuthContext) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => listScopedKeys(tx, auth.companyId, { scope: 'radio' }));
}

export async function createKey(db: Database, auth: AuthContext, name: string) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => createScopedKey(tx, auth, name, { scope: 'radio' }));
}

export async function revokeKey(db: Database, auth: AuthContext, keyId: string) {
  requireAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    if (!(await revokeScopedKey(tx, auth, keyId, { scope: 'radio' }))) throw radioErrors.keyNotFound();
  });
}

export async function getRetention(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => {
    const [row] = await tx
      .select({ days: companies.recordingRetentionDays })
      .from(companies)
      .where(eq(companies.id, auth.companyId));
    return { days: row?.days ?? 183 };
  });
}

export async function setRetention(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof recordingRetentionBody>,
) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await tx
      .select({ days: companies.recordingRetentionDays })
      .from(companies)
      .where(eq(companies.id, auth.companyId));
    await tx
      .update(companies)
      .set({ recordingRetentionDays: input.days, updatedAt: new Date() })
      .where(eq(companies.id, auth.companyId));
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'radio.retention_changed',
      entity: 'company',
      entityId: auth.companyId,
      details: { from: before[0]?.days ?? null, to: input.days },
    });
    return { days: input.days };
  });
}

/** Removes the communications past each company's retention, in batches, and audits the counts. */
export async function purgeRecordings(db: Database, now = new Date(), batch = 1_000) {
  const removed = new Map<string, number>();
  for (;;) {
    const gone = await comms.purgeExpired(db, now, batch);
    let n = 0;
    for (const g of gone) {
      removed.set(g.companyId, (removed.get(g.companyId) ?? 0) + g.removed);
      n += g.removed;
    }
    if (n < batch) break;
    // Let requests through between batches.
    await new Promise((ok) => setImmediate(ok));
  }
  for (const [companyId, count] of removed) {
    await db.withTenant(companyId, (tx) =>
      recordAudit(tx, {
        companyId,
        actorUserId: null,
        action: 'retention.radio_recordings_purged',
        entity: 'radio_communication',
        entityId: null,
        details: { removed: count },
      }),
    );
  }
  return [...removed.values()].reduce((a, b) => a + b, 0);
}
