// The PostgreSQL pool's admission rule (docs/decisions/0025, figures in bench/README.md "Issue 30"):
// a request waits for a connection only while the queue before it is short enough to be served
// within the wait; past that the machine is beyond its capacity and the request is refused at once
// with a 503 and Retry-After, instead of every queued request waiting out the timeout together and
// the server holding thousands of sockets it cannot serve.
import pg from 'pg';

/** Thrown by `connect` when `maxWaiting` requests already wait for a connection. */
export class PoolSaturatedError extends Error {
  readonly code = 'VIGIE_POOL_SATURATED';
  constructor(waiting: number) {
    super(`database pool saturated: ${waiting} requests already waiting for a connection`);
  }
}

/** Refusals since the process started (logged too; no metrics facility exists). */
export const poolShedding = { refused: 0 };

export interface PoolLimits {
  /** Connections at most. */
  size: number;
  /** How long a request may wait for a connection before it is answered 503. */
  waitMs: number;
  /** Requests allowed to wait at once; the next one is refused at once (0: no limit). */
  maxWaiting: number;
}

type ConnectCallback = (
  err: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/**
 * A `pg.Pool` whose `connect` (used by its own `query` and by transactions) refuses past
 * `maxWaiting` waiters. Only when every connection is busy: an idle one or room to open one is
 * always taken.
 */
export function limitedPool(config: pg.PoolConfig, limits: PoolLimits): pg.Pool {
  const pool = new pg.Pool({ ...config, max: limits.size, connectionTimeoutMillis: limits.waitMs });
  if (limits.maxWaiting <= 0) return pool;
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const saturated = () =>
    pool.idleCount === 0 && pool.totalCount >= limits.size && pool.waitingCount >= limits.maxWaiting;
  (pool as unknown as { connect: (cb?: ConnectCallback) => unknown }).connect = (cb?: ConnectCallback) => {
    if (!saturated()) return connect(cb);
    poolShedding.refused++;
    const err = new PoolSaturatedError(pool.waitingCount);
    if (cb) {
      process.nextTick(() => cb(err));
      return undefined;
    }
    return Promise.reject(err);
  };
  return pool;
}

/** True for the refusal above, through Drizzle's wrapper. */
export function isPoolSaturated(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if (e.code === 'VIGIE_POOL_SATURATED') return true;
    e = e.cause as typeof e;
  }
  return false;
}
