// Counts what a service sends to the database: its reads by kind, and on PostgreSQL the messages
// the driver sends (each one a round trip), for tests that hold a list to one exchange.
import pg from 'pg';
import { vi } from 'vitest';
import type { Database } from '../db/client';

/** 'read' (a prepared one-message read), 'read (planned)' (planned with its values), 'transaction'. */
export type ReadKind = 'read' | 'read (planned)' | 'transaction';

export function roundTripCounter(db: Database, engine: 'pglite' | 'postgres') {
  const reads: ReadKind[] = [];
  const counted: Database = {
    ...db,
    readTenant: (companyId, query, opts) => {
      reads.push(opts?.prepare === false ? 'read (planned)' : 'read');
      return db.readTenant(companyId, query, opts);
    },
    withTenant: (companyId, fn, opts) => {
      reads.push('transaction');
      return db.withTenant(companyId, fn, opts);
    },
  };
  const sent = vi.spyOn(pg.Client.prototype, 'query');
  return {
    /** The database to hand the service under test. */
    db: counted,
    /** What `run` read, and how many messages reached PostgreSQL (PGlite: one per read). Errors are the caller's to check. */
    async count(run: () => Promise<unknown>) {
      reads.length = 0;
      sent.mockClear();
      await run().catch(() => {});
      return { reads: [...reads], messages: engine === 'postgres' ? sent.mock.calls.length : reads.length };
    },
    restore: () => sent.mockRestore(),
  };
}
