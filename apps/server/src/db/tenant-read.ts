// A read (or a write) for one company in a single round trip, with cached plans (docs/decisions/0004).
//
// The company setting and the statement travel as one simple-protocol message: PostgreSQL (and
// PGlite) run the statements of such a message in order, as one implicit transaction, so
// `set_config(…, true)` is in force for the statement that follows and gone when the message ends —
// the guarantee of BEGIN; set_config; query; COMMIT, in one exchange instead of four.
//
// The statement itself is a named prepared statement of the connection (PREPARE once, then EXECUTE):
// planning a list with its sub-selects cost as much as running it. The simple protocol has no bind
// parameters, so EXECUTE's arguments are quoted literals. node-postgres sends bind parameters as
// untyped text, and a quoted literal is an untyped constant too: the server resolves both the same
// way, to the parameter types inferred at PREPARE.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

const dialect = new PgDialect();
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    // A NUL would end the message early. As a bind parameter it was refused by the server with
    // 22021; refuse it here with the same code, so that it is still answered as bad input (422).
    if (value.includes('\u0000')) {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    }
    return pg.escapeLiteral(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`non-finite query parameter: ${value}`);
    return `'${value}'`;
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  throw new TypeError(`unsupported query parameter type: ${typeof value}`);
}

export interface TenantReadOptions {
  /**
   * false: plan the statement at each call with its values (no prepared statement), for shapes
   * whose best plan depends on the values — a search pattern (its selectivity, and the accent fold
   * folded to a constant at plan time instead of run for every row as a generic plan would).
   */
  prepare?: boolean;
}

const names = new Map<string, string>();
/** A stable name per statement text: the same query shape reuses its plan on each connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `vigie_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The script for a tenant's statements on a connection that has already prepared `prepared`: the
 * company setting, then for each statement its PREPARE when this connection lacks it and its
 * EXECUTE. `results[i]` is the index of statement i's result among the script's results. Call
 * `commit()` once the script succeeded, to record the statements as prepared.
 */
export function tenantScript(
  companyId: string,
  queries: SQL[],
  prepared: Set<string>,
  opts: TenantReadOptions = {},
) {
  if (!uuidPattern.test(companyId)) throw new TypeError('company id is not a uuid');
  const parts = [`select set_config('app.company_id', '${companyId}', true)`];
  const results: number[] = [];
  const added: string[] = [];
  for (const query of queries) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (opts.prepare === false) {
      parts.push(text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])));
    } else {
      const name = statementName(text);
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      if (!prepared.has(name) && !added.includes(name)) {
        parts.push(`prepare ${name} as ${text}`);
        added.push(name);
      }
      parts.push(`execute ${name}${args}`);
    }
    results.push(parts.length - 1);
  }
  return {
    script: parts.join(';\n'),
    results,
    commit: () => {
      for (const name of added) prepared.add(name);
    },
  };
}
