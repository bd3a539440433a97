// Who did what, when, on which record, from which address. Written in the same transaction as the
// change it records, so a change without its audit entry cannot exist. Entries are never updated or
// deleted by the application (the app role has no UPDATE or DELETE on audit_log, migration 0018).
import type { AuditAction } from '@vigie/contract/audit-labels';
import type { RealtimeEventType } from '@vigie/contract/events.contract';
import type { Tx } from '../../db/client';
import { requestContext } from '../../plugins/request-context';
import { publishEvent } from '../events/events.service';
import { insertAuditEntries } from './audit.repository';

export interface AuditInput {
  companyId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  /** The client's address; by default the current request's (none for background work). */
  ip?: string | null;
}

export async function recordAudit(tx: Tx, input: AuditInput) {
  await recordAudits(tx, [input]);
}

/** Several entries in one statement (a job's batch: 100 escalations). */
export async function recordAudits(tx: Tx, inputs: AuditInput[]) {
  const requestIp = requestContext()?.ip ?? null;
  await insertAuditEntries(
    tx,
    inputs.map((input) => ({
      companyId: input.companyId,
      actorUserId: input.actorUserId,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId ?? null,
      details: input.details ?? null,
      ip: input.ip === undefined ? requestIp : input.ip,
    })),
  );
}

/**
 * A user's change, recorded and announced in the caller's transaction: the audit entry, then the
 * real-time event, so that the change, its entry and its event commit or roll back together.
 */
export async function recordAndPublish(
  tx: Tx,
  auth: { companyId: string; userId: string | null },
  entry: {
    action: AuditAction;
    entity: string;
    entityId?: string | null;
    details?: Record<string, unknown>;
  },
  event: { type: RealtimeEventType; payload: Record<string, unknown> },
): Promise<void> {
  await recordAudit(tx, { companyId: auth.companyId, actorUserId: auth.userId, ...entry });
  await publishEvent(tx, auth.companyId, event.type, event.payload);
}
