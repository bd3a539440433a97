// A report asked just before the server stopped is built by the next process on the same database:
// the request and its job are rows, so nothing is lost with the process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { enqueueJobs, jobsSummary } from '../../db/jobs';
import { rowsOf } from '../../db/rows';
import { createPostgresDatabase, engines, registerCompany } from '../../test/harness';
import { REPORT_JOB } from './generation/job-kind';

describe.each(engines)('a queued report across a restart on %s', (engine) => {
  it('is built by the next process', async () => {
    const pg = engine === 'postgres' ? await createPostgresDatabase() : undefined;
    const dir = mkdtempSync(join(tmpdir(), 'vigie-report-restart-'));
    const start = async () => {
      const config = loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
        CAMERA_PROBE_INTERVAL_MS: '0',
        ALARM_ESCALATION_INTERVAL_MS: '0',
        ATTENDANCE_CHECK_INTERVAL_MS: '0',
        DAILY_JOBS_INTERVAL_MS: '0',
        JOBS_POLL_INTERVAL_MS: '0',
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      });
      const db = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 3,
      });
      return { db, app: await buildApp({ config, db }) };
    };
    try {
      const first = await start();
      await first.app.ready();
      const owner = await registerCompany(first.app);
      await first.app.close();
      // Asked as the API does (a row 'En attente' and its job), while no worker runs.
      const c = owner.company.id;
      const id = await first.db.withTenant(c, async (tx) => {
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into reports (company_id, type, format, title, start_date, end_date, requested_by_name, timezone)
            values (${c}, 'alarms', 'excel', 'Rapport des alarmes', '2026-11-01', '2026-11-07', 'Test', 'Europe/Paris') returning id`),
        );
        await enqueueJobs(tx, [{ kind: REPORT_JOB, payload: { reportId: row?.id }, maxAttempts: 3 }]);
        return row?.id as string;
      });
      expect((await jobsSummary(first.db)).map((s) => [s.kind, s.status])).toEqual([[REPORT_JOB, 'pending']]);
      await first.db.close();

      const second = await start();
      await second.app.ready();
      try {
        const status = async () =>
          (await second.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: owner.auth })).json()
            .status;
        for (let i = 0; i < 300 && (await status()) !== 'Prêt'; i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(await status()).toBe('Prêt');
      } finally {
        await second.app.close();
        await second.db.close();
      }
    } finally {
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
