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
    // The texts carry a company id each (below): the name cache is bounded as the connections' are.
    if (names.size >= 50_000) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Statements one connection keeps prepared; the least recently used beyond it is deallocated. */
export const PREPARED_PER_CONNECTION = 200;

/**
 * The statement text with the company's id written in as a literal (the other values stay
 * parameters, renumbered). A prepared statement's generic plan estimates `company_id = $1` for an
 * average company: on a database where one company holds 2,000 of 2,500 sites, the site list's
 * generic plan joined the big company's 2,000 kept counts to each listed site (11 ms instead of
 * 1). With the id written in, each company's plan is made with its own statistics, and cached.
 */
export function withCompanyLiteral(text: string, params: unknown[], companyId: string) {
  const kept: unknown[] = [];
  const renumbered = new Map<number, number>();
  // A page's LIMIT (and OFFSET) is written in too. As a parameter, the generic plan is costed for
  // an unknown limit (a tenth of the rows), never cheaper than a custom plan for 51: PostgreSQL
  // then planned the statement again at every EXECUTE, and the prepared statement saved nothing
  // (0.6 ms of the site list's 0.8 in PostgreSQL). Pages have a handful of sizes: one plan each.
  const out = text.replace(
    /(\b(?:limit|offset)\s+)?\$(\d+)/gi,
    (_, clause: string | undefined, n: string) => {
      const i = Number(n) - 1;
      if (clause !== undefined && Number.isSafeInteger(params[i])) return `${clause}${params[i]}`;
      const prefix = clause ?? '';
      if (params[i] === companyId) return prefix + literal(companyId);
      let j = renumbered.get(i);
      if (j === undefined) {
        kept.push(params[i]);
        j = kept.length;
        renumbered.set(i, j);
      }
      return `${prefix}$${j}`;
    },
  );
  return { text: out, params: kept };
}

/**
 * The script for a tenant's statements on a connection that has already prepared `prepared` (in
 * the order last used): the company setting, then for each statement its PREPARE when this
 * connection lacks it and its EXECUTE. `results[i]` is the index of statement i's result among the
 * script's results. Call `commit()` once the script succeeded, to record the statements as
 * prepared (and the ones it deallocated as gone).
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
  const used: string[] = [];
  for (const query of queries) {
    const built = dialect.sqlToQuery(query);
    if (opts.prepare === false) {
      parts.push(built.sql.replace(/\$(\d+)/g, (_, n: string) => literal(built.params[Number(n) - 1])));
    } else {
      const { text, params } = withCompanyLiteral(built.sql, built.params, companyId);
      const name = statementName(text);
      const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
      if (!prepared.has(name) && !added.includes(name)) {
        parts.push(`prepare ${name} as ${text}`);
        added.push(name);
      }
      used.push(name);
      parts.push(`execute ${name}${args}`);
    }
    results.push(parts.length - 1);
  }
  // Beyond the bound, the least recently used statements go first (a Set keeps insertion order).
  const evicted: string[] = [];
  const excess = prepared.size + added.length - PREPARED_PER_CONNECTION;
  if (excess > 0) {
    for (const name of prepared) {
      if (evicted.length >= excess) break;
      if (!used.includes(name)) evicted.push(name);
    }
    parts.unshift(...evicted.map((name) => `deallocate ${name}`));
    for (let i = 0; i < results.length; i++) results[i] = (results[i] as number) + evicted.length;
  }
  return {
    script: parts.join(';\n'),
    results,
    commit: () => {
      for (const name of evicted) prepared.delete(name);
      for (const name of used) {
        prepared.delete(name);
        prepared.add(name);
      }
    },
  };
}
