// Background work of the planning module, started with the app and stopped with it: the attendance
// watch every ATTENDANCE_CHECK_INTERVAL_MS, and the daily passes (licence alerts, retention of
// agent positions) after start and every DAILY_JOBS_INTERVAL_MS.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { every } from '../../plugins/periodic';
import { recordAudit } from '../audit/audit.service';
import { checkAttendance } from './attendance-job';
import { checkLicences } from './licence-job';

/** Deletes agent positions past each company's retention and writes the counts to the audit log. */
export async function purgeAgentPositions(db: Database, now = new Date()) {
  const gone = rowsOf<{ company_id: string; removed: string | number }>(
    await db.direct.execute(
      sql`select company_id, removed from agent_positions_purge(${now.toISOString()}::timestamptz)`,
    ),
  );
  for (const g of gone) {
    await db.withTenant(g.company_id, (tx) =>
      recordAudit(tx, {
        companyId: g.company_id,
        actorUserId: null,
        action: 'retention.agent_positions_purged',
        entity: 'agent_position',
        entityId: null,
        details: { removed: Number(g.removed) },
      }),
    );
  }
  return gone.reduce((n, g) => n + Number(g.removed), 0);
}

export function registerPlanningJobs(app: FastifyInstance) {
  every(app, 'attendance check', app.config.attendanceCheckIntervalMs, () => checkAttendance(app.db), false);
  every(
    app,
    'daily planning jobs',
    app.config.dailyJobsIntervalMs,
    async () => {
      await checkLicences(app.db);
      await purgeAgentPositions(app.db);
    },
    true,
  );
}
