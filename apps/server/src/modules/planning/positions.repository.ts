// Agent positions taken by the planning module (clock-in and clock-out), and their retention purge.
// The lone-worker protection writes its own kinds to the same table (lone-worker.repository.ts).
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { agentPositions } from '../../db/schema';

export type NewAgentPosition = typeof agentPositions.$inferInsert;

export async function insertAgentPosition(tx: Tx, values: NewAgentPosition) {
  await tx.insert(agentPositions).values(values);
}

/**
 * Deletes the positions past each company's retention, every company at once (a SECURITY DEFINER
 * function: the job runs outside any tenant); answers how many went per company.
 */
export async function purgeExpiredPositions(db: Database, now: Date) {
  return rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from agent_positions_purge(${now.toISOString()}::timestamptz)`,
    ),
  );
}
