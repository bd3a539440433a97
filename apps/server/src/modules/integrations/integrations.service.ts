// Integration keys let alarm panels and receiving centres post alarms without a session. A key is
// 256 random bits shown once; only its SHA-256 is stored, so a database leak gives no usable key.
import { createHash, randomBytes } from 'node:crypto';
import type {
  createIntegrationKeyBody,
  IntegrationKey,
  panelHeartbeatBody,
} from '@vigie/contract/integrations.contract';
import type { z } from 'zod';
import type { ChangeClock } from '../../db/change-feed';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { CompanyCache } from '../../plugins/company-cache';
import { recordAudit } from '../audit/audit.service';
import { integrationErrors } from './integrations.errors';
import * as repo from './integrations.repository';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const requireAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw integrationErrors.adminsOnly();
};

/** Creates a key of a scope; answers it once (only its hash is kept). Audited. */
export async function createScopedKey(tx: Tx, auth: AuthContext, name: string, scope: repo.KeyScope) {
  const key = `vgk_${randomBytes(32).toString('base64url')}`;
  const id = await repo.insertKey(
    tx,
    {
      companyId: auth.companyId,
      name,
      keyHash: hashKey(key),
      prefix: key.slice(0, 12),
      createdByUserId: auth.userId,
    },
    scope,
  );
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action: 'integration_key.created',
    entity: 'integration_key',
    entityId: id,
    details: {
      name,
      scope: scope.scope,
      ...(scope.scope === 'access_point' ? { accessPointId: scope.accessPointId } : {}),
    },
  });
  return { id, name, key };
}

export async function listScopedKeys(
  tx: Tx,
  companyId: string,
  scope: repo.KeyScope,
): Promise<IntegrationKey[]> {
  const rows = await repo.listKeys(tx, companyId, scope);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: iso(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : iso(r.last_used_at),
  }));
}

/** Revokes a key of a scope; false when there is no such live key. Audited. */
export async function revokeScopedKey(tx: Tx, auth: AuthContext, id: string, scope: repo.KeyScope) {
  const revoked = await repo.revokeKey(tx, auth.companyId, id, scope);
  if (!revoked) return false;
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action: 'integration_key.revoked',
    entity: 'integration_key',
    entityId: id,
    details: { name: revoked.name, scope: scope.scope },
  });
  return true;
}

export const revokePointKeys = repo.revokePointKeys;

export async function createKey(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createIntegrationKeyBody>,
) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => createScopedKey(tx, auth, input.name, { scope: 'alarms' }));
}

export async function listKeys(db: Database, auth: AuthContext): Promise<IntegrationKey[]> {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => listScopedKeys(tx, auth.companyId, { scope: 'alarms' }));
}

export async function revokeKey(db: Database, auth: AuthContext, id: string) {
  requireAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    if (!(await revokeScopedKey(tx, auth, id, { scope: 'alarms' }))) throw integrationErrors.notFound();
  });
}

export interface DeviceContext {
  companyId: string;
  keyId: string;
  name: string;
  scope: 'alarms' | 'access_point' | 'radio';
  /** The access point a reader key belongs to. */
  accessPointId: string | null;
}

/**
 * The device behind an `X-Api-Key` header; 401 when absent, unknown or revoked. Live keys are kept
 * in `known` (a panel posts many alarms): an entry dies with any change to its company's keys,
 * users or sessions (access clock, decision 0006), so a revocation takes effect at once.
 */
export async function authenticateDevice(
  db: Database,
  header: string | string[] | undefined,
  known?: { clock: ChangeClock; cache: CompanyCache<DeviceContext> },
) {
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (!key) throw integrationErrors.keyRequired();
  if (!/^vgk_[A-Za-z0-9_-]{43}$/.test(key)) throw integrationErrors.keyInvalid();
  const hash = hashKey(key);
  const cached = known?.cache.get(hash);
  if (cached) return cached;
  const begin = known?.clock.begin() ?? null;
  const row = await repo.resolveKey(db, hash);
  if (!row) throw integrationErrors.keyInvalid();
  const device: DeviceContext = {
    companyId: row.company_id,
    keyId: row.key_id,
    name: row.name,
    scope: row.scope,
    accessPointId: row.access_point_id,
  };
  known?.cache.set(hash, device.companyId, begin, device);
  return device;
}

export const touchKeySql = repo.touchKeySql;

/**
 * A key's last use, written at most once a minute per instance: answers the statement to run with
 * the device's write, or undefined when it is not due (a group of 200 device alarms had put 200
 * identical UPDATEs in its transaction).
 */
export function keyUseRecorder() {
  const touchedAt = new Map<string, number>();
  return (device: DeviceContext) => {
    const now = Date.now();
    if (now - (touchedAt.get(device.keyId) ?? 0) < 60_000) return undefined;
    touchedAt.set(device.keyId, now);
    if (touchedAt.size > 10_000) touchedAt.clear();
    return repo.touchKeySql(device.companyId, device.keyId);
  };
}

/**
 * An alarm panel's heartbeat: its five-minute slot is marked (the dashboard's « Alarmes » health),
 * with the key's last use when due. Answers the panel's clock drift when it sent its time.
 */
export async function recordPanelHeartbeat(
  db: Database,
  device: DeviceContext,
  body: z.output<typeof panelHeartbeatBody>,
  touch: ReturnType<ReturnType<typeof keyUseRecorder>>,
) {
  if (device.scope !== 'alarms') throw integrationErrors.wrongScope();
  const receivedAt = new Date();
  await db.withTenant(device.companyId, async (tx) => {
    await repo.recordHeartbeat(tx, device.companyId, device.keyId);
    if (touch) await tx.execute(touch);
  });
  return {
    ok: true as const,
    receivedAt: receivedAt.toISOString(),
    clockSkewSeconds: body.sentAt
      ? Math.round((new Date(body.sentAt).getTime() - receivedAt.getTime()) / 1000)
      : null,
  };
}
