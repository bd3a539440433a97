// Who did what, when, on which record. Written in the same transaction as the change it records,
// so a change without its audit entry cannot exist.
import type { Tx } from '../../db/client';
import { insertAuditEntries } from './audit.repository';

export interface AuditInput {
  companyId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(tx: Tx, input: AuditInput) {
  await recordAudits(tx, [input]);
}

/** Several entries in one statement (a job's batch: 100 escalations). */
export async function recordAudits(tx: Tx, inputs: AuditInput[]) {
  await insertAuditEntries(
    tx,
    inputs.map((input) => ({
      companyId: input.companyId,
      actorUserId: input.actorUserId,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId ?? null,
      details: input.details ?? null,
    })),
  );
}
