// The alarm panels' background work: the daily purge of the signal journal past each company's
// retention (companies.panel_signal_retention_days, 90 days by default), as the access logs' and
// the radio recordings' (db/batched-purge.ts).
import type { FastifyInstance } from 'fastify';
import { purgeInBatches } from '../../db/batched-purge';
import type { Database } from '../../db/client';
import { every } from '../../plugins/periodic';
import { recordAudit } from '../audit/audit.service';
import * as repo from './panels.repository';

/** Removes the journal rows past each company's retention, in batches, and audits the counts. */
export async function purgePanelSignals(db: Database, now = new Date(), batch = 5_000) {
  return purgeInBatches({
    batch,
    purgeBatch: (n) => repo.purgeExpiredSignals(db, now, n),
    afterCompany: (companyId, removed) =>
      db.withTenant(companyId, (tx) =>
        recordAudit(tx, {
          companyId,
          actorUserId: null,
          action: 'retention.panel_signals_purged',
          entity: 'panel_signal',
          entityId: null,
          details: { removed },
        }),
      ),
  });
}

export function registerPanelJobs(app: FastifyInstance) {
  // The daily pass (and one after start); DAILY_JOBS_INTERVAL_MS = 0 turns it off (tests call it).
  every(app, 'panel signal retention', app.config.dailyJobsIntervalMs, () => purgePanelSignals(app.db), true);
}
