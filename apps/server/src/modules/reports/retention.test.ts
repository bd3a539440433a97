// Reports are kept 90 days: the purge removes older reports with their files, of every company,
// keeps the recent ones, and writes the counts to each company's audit log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { storeFile } from '../files/files.service';
import { purgeReports } from './retention';

describe.each(engines)('report retention (%s)', (engine) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp(engine);
    a = await registerCompany(t.app);
    b = await registerCompany(t.app);
  });
  afterAll(() => t?.close());

  async function report(tenant: Tenant, daysAgo: number) {
    const c = tenant.company.id;
    return t.db.withTenant(c, async (tx) => {
      const fileId = await storeFile(tx, c, {
        kind: 'report',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4'),
      });
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into reports (company_id, type, format, title, start_date, end_date, status, file_id, size,
                                                 requested_by_name, timezone, created_at)
          values (${c}, 'alarms', 'pdf', 'Ancien', '2026-01-01', '2026-01-02', 'Prêt', ${fileId}, 8, 'Test', 'Europe/Paris',
                  now() - make_interval(days => ${daysAgo}::int)) returning id`),
      );
      return { id: row?.id as string, fileId };
    });
  }

  const exists = (tenant: Tenant, table: 'reports' | 'files', id: string) =>
    t.db.withTenant(
      tenant.company.id,
      async (tx) =>
        rowsOf(
          await tx.execute(
            sql`select 1 from ${sql.identifier(table)} where company_id = ${tenant.company.id} and id = ${id}`,
          ),
        ).length === 1,
    );

  it('removes reports older than 90 days with their files, and audits the counts', async () => {
    const oldA = await report(a, 91);
    const oldB = await report(b, 120);
    const recent = await report(a, 89);
    const removed = await purgeReports(t.db);
    expect(removed.get(a.company.id)).toBe(1);
    expect(removed.get(b.company.id)).toBe(1);
    expect(await exists(a, 'reports', oldA.id)).toBe(false);
    expect(await exists(a, 'files', oldA.fileId)).toBe(false);
    expect(await exists(b, 'reports', oldB.id)).toBe(false);
    expect(await exists(a, 'reports', recent.id)).toBe(true);
    expect(await exists(a, 'files', recent.fileId)).toBe(true);
    const audit = await t.db.withTenant(a.company.id, async (tx) =>
      rowsOf<{ details: { removed: number } }>(
        await tx.execute(
          sql`select details from audit_log where company_id = ${a.company.id} and action = 'reports.purged'`,
        ),
      ),
    );
    expect(audit.map((r) => r.details.removed)).toEqual([1]);
  });
});
