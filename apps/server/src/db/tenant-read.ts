// A read (or a write) for one company in a single round trip, with cached plans (docs/decisions/0004
// and 0019).
//
// The company setting and the statements travel as one extended-protocol pipeline (db/pipeline.ts):
// PostgreSQL (and PGlite) run the statements before its Sync as one implicit transaction, so
// `set_config(…, true)` is in force for the statements that follow and gone when the pipeline ends —
// the guarantee of BEGIN; set_config; query; COMMIT, in one exchange instead of four.
//
// Every value travels as a bind parameter. Only two kinds of text are ever written into a statement
// besides our own constant SQL, both of a closed form checked here: the company id (a uuid the
// session row gave, checked against the uuid pattern: hex digits and dashes) and a page's LIMIT or
// OFFSET (a safe integer, rendered by Number). Each gives the statement a plan of its own (decisions
// 0016 and 0018); neither can carry a quote, a dollar sign or a semicolon.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Step } from './pipeline';

const dialect = new PgDialect();
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company id as a quoted constant, after checking that it is a uuid and nothing else. */
export function companyConstant(companyId: string): string {
  if (!uuidPattern.test(companyId)) throw new TypeError('company id is not a uuid');
  return `'${companyId}'`;
}

/** A LIMIT/OFFSET count written into a statement: a safe non-negative integer, else undefined. */
function countConstant(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
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
 * The statement text with the company's id written in as a constant (the other values stay
 * parameters, renumbered). A prepared statement's generic plan estimates `company_id = $1` for an
 * average company: on a database where one company holds 2,000 of 2,500 sites, the site list's
 * generic plan joined the big company's 2,000 kept counts to each listed site (11 ms instead of
 * 1). With the id written in, each company's plan is made with its own statistics, and cached.
 */
export function withCompanyLiteral(text: string, params: unknown[], companyId: string) {
  const company = companyConstant(companyId);
  const kept: unknown[] = [];
  const renumbered = new Map<number, number>();
  // A page's LIMIT (and OFFSET) is written in too. As a parameter, the generic plan is costed for
  // an unknown limit (a tenth of the rows), never cheaper than a custom plan for 51: PostgreSQL
  // then planned the statement again at every EXECUTE, and the prepared statement saved nothing
  // (0.6 ms of the site list's 0.8 in PostgreSQL). Pages have a handful of sizes: one plan each.
  // The `$n` matched here are drizzle's placeholders: the text holds no value, so no `$n` of a
  // request can be among them.
  const out = text.replace(
    /(\b(?:limit|offset)\s+)?\$(\d+)/gi,
    (_, clause: string | undefined, n: string) => {
      const i = Number(n) - 1;
      const count = clause !== undefined ? countConstant(params[i]) : undefined;
      if (count !== undefined) return `${clause}${count}`;
      const prefix = clause ?? '';
      if (params[i] === companyId) return prefix + company;
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

/** The named statements one connection (or the PGlite instance) has prepared, in least-recent order. */
export interface PreparedState {
  prepared: Set<string>;
  /** Names a failed pipeline may or may not have prepared: closed at the start of the next one. */
  uncertain: Set<string>;
}

export const newPreparedState = (): PreparedState => ({ prepared: new Set(), uncertain: new Set() });

const SET_COMPANY = "select set_config('app.company_id', $1, true)";

/**
 * The pipeline for a tenant's statements on a connection in state `state`: the company setting,
 * then for each statement its Parse when this connection lacks it, its Bind with the values and its
 * Execute. `results[i]` is the index of statement i's result among the pipeline's. Call `commit()`
 * once it succeeded, `fail()` once it failed, to keep `state` true.
 */
export function tenantPipeline(
  companyId: string,
  queries: SQL[],
  state: PreparedState,
  opts: TenantReadOptions = {},
) {
  companyConstant(companyId);
  const steps: Step[] = [];
  const results: number[] = [];
  const added: string[] = [];
  const used: string[] = [];
  const named = (text: string, values: readonly unknown[]) => {
    const name = statementName(text);
    const parse = !state.prepared.has(name) && !added.includes(name);
    if (parse) added.push(name);
    used.push(name);
    steps.push({ text, values, name, parse });
  };
  named(SET_COMPANY, [companyId]);
  for (const query of queries) {
    const built = dialect.sqlToQuery(query);
    if (opts.prepare === false) {
      // The unnamed statement: planned with its values at each call (a custom plan).
      steps.push({ text: built.sql, values: built.params, parse: true });
    } else {
      const { text, params } = withCompanyLiteral(built.sql, built.params, companyId);
      named(text, params);
    }
    results.push(steps.length - 1);
  }
  // Beyond the bound, the least recently used statements go first (a Set keeps insertion order).
  const close = [...state.uncertain];
  const evicted: string[] = [];
  const excess = state.prepared.size + added.length - PREPARED_PER_CONNECTION;
  if (excess > 0) {
    for (const name of state.prepared) {
      if (evicted.length >= excess) break;
      if (!used.includes(name)) evicted.push(name);
    }
  }
  close.push(...evicted);
  return {
    steps,
    close,
    results,
    commit: () => {
      state.uncertain.clear();
      for (const name of evicted) state.prepared.delete(name);
      for (const name of used) {
        state.prepared.delete(name);
        state.prepared.add(name);
      }
    },
    fail: () => {
      // Which Parse or Close ran before the error is not known: forget both sides, close them next.
      for (const name of [...added, ...evicted]) {
        state.prepared.delete(name);
        state.uncertain.add(name);
      }
    },
  };
}
