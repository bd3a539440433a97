// A picture of the database's rows, to prove that a sweep changed nothing. On PostgreSQL it is read
// through a separate owner connection (sees everything). On PGlite the only session is the app's,
// running as vigie_app under row-level security, so it is read through each test company's tenant
// transaction plus the public tables, and the sequences show any insert that was even attempted.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../db/rows';
import type { TestApp } from '../harness';

const tablesQuery = `select t.table_name::text as table_name,
         exists (select 1 from information_schema.columns c
                  where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'company_id') as has_company
    from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`;

export type Snapshot = Record<string, string[]>;

/** Columns that legitimately move without any data changing. */
const volatile: Record<string, string[]> = { sessions: ['last_seen_at'] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function normalise(table: string, rows: Record<string, unknown>[]): string[] {
  const skip = volatile[table] ?? [];
  return rows
    .map((r) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(r)
            .filter(([k]) => !skip.includes(k))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      ),
    )
    .sort();
}

export async function snapshot(
  t: TestApp,
  opts: { companyIds: string[]; sequences?: boolean; tenantOnly?: boolean },
): Promise<Snapshot> {
  // login_throttle counts failed sign-ins: a refused login is meant to change it (not data).
  const keep = (name: string, hasCompany: boolean) =>
    name !== 'login_throttle' && (!opts.tenantOnly || hasCompany || name === 'companies');
  const out: Snapshot = {};
  if (t.databaseUrl) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string; has_company: boolean }>(tablesQuery);
      for (const { table_name: name, has_company } of tables.rows) {
        if (!keep(name, has_company)) continue;
        // Scoped to the test companies when asked, like the PGlite picture.
        const rows = await client.query(`select * from ${quote(name)}`);
        const scoped = has_company
          ? rows.rows.filter((r) => opts.companyIds.includes(r.company_id))
          : name === 'companies'
            ? rows.rows.filter((r) => opts.companyIds.includes(r.id))
            : rows.rows;
        out[name] = normalise(name, scoped);
        if (!opts.tenantOnly && (has_company || name === 'companies'))
          out[`${name} (all companies)`] = [String(rows.rowCount)];
      }
      if (opts.sequences) {
        const seqs = await client.query<{ sequence_name: string }>(
          `select sequence_name from information_schema.sequences where sequence_schema = 'public'`,
        );
        for (const { sequence_name } of seqs.rows) {
          const r = await client.query(`select last_value, is_called from ${quote(sequence_name)}`);
          out[`sequence ${sequence_name}`] = normalise(sequence_name, r.rows);
        }
      }
    } finally {
      await client.end();
    }
    return out;
  }

  const db = t.db;
  const tables = rowsOf<{ table_name: string; has_company: boolean }>(
    await db.direct.execute(sql.raw(tablesQuery)),
  );
  for (const { table_name: name, has_company } of tables) {
    if (!keep(name, has_company)) continue;
    const q = sql.raw(`select * from ${quote(name)}`);
    // Without a company only the public tables answer (row-level security hides the rest).
    const rows =
      has_company || name === 'companies' ? [] : rowsOf<Record<string, unknown>>(await db.direct.execute(q));
    for (const companyId of opts.companyIds) {
      rows.push(
        ...(await db.withTenant(companyId, async (tx) =>
          rowsOf<Record<string, unknown>>(await tx.execute(q)),
        )),
      );
    }
    out[name] = normalise(name, rows);
  }
  if (opts.sequences) {
    const seqs = rowsOf<{ sequence_name: string }>(
      await db.direct.execute(
        sql`select sequence_name from information_schema.sequences where sequence_schema = 'public'`,
      ),
    );
    for (const { sequence_name } of seqs) {
      const r = rowsOf<Record<string, unknown>>(
        await db.direct.execute(sql.raw(`select last_value, is_called from ${quote(sequence_name)}`)),
      );
      out[`sequence ${sequence_name}`] = normalise(sequence_name, r);
    }
  }
  return out;
}
