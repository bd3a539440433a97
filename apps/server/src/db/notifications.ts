// The instance's one LISTEN connection on PostgreSQL (moved out of client.ts, which opens it).
import pg from 'pg';
import type { OpenOptions } from './client';

interface Listener {
  onMessage: (payload: string) => void;
  onReconnect: (() => void) | undefined;
  onLost: (() => void) | undefined;
}

/**
 * The instance's one LISTEN connection (every channel on it), reopened with a growing delay after any
 * failure (database restart). While it is down notifications are lost: `onLost` tells each listener
 * at once, `onReconnect` once it is back.
 */
export function notificationConnection(url: string, opts: OpenOptions) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  const each = (fn: (l: Listener) => void) => {
    for (const set of listeners.values()) for (const l of set) fn(l);
  };

  const open = async (isRetry: boolean) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    // An unhandled error on this client would kill the process: reconnect instead.
    c.on('error', (err) => {
      opts.onPoolError?.(err);
      retry(c);
    });
    c.on('end', () => retry(c));
    c.on('notification', (n) => {
      if (n.payload === undefined) return;
      for (const l of listeners.get(n.channel) ?? []) l.onMessage(n.payload);
    });
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN ${quote(channel)}`);
    client = c;
    retryMs = 250;
    if (isRetry) each((l) => l.onReconnect?.());
  };
  const retry = (c: pg.Client) => {
    if (stopped || client !== c || timer) return;
    client = undefined;
    c.end().catch(() => {});
    each((l) => l.onLost?.());
    const attempt = () => {
      timer = undefined;
      if (stopped) return;
      open(true).catch((err: Error) => {
        opts.onPoolError?.(err);
        retryMs = Math.min(retryMs * 2, 10_000);
        timer = setTimeout(attempt, retryMs);
      });
    };
    timer = setTimeout(attempt, retryMs);
  };

  const close = async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };

  return {
    async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
      const isNew = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      set.add(listener);
      if (!client) {
        stopped = false;
        opening ??= open(false).finally(() => {
          opening = undefined;
        });
        await opening;
      } else if (isNew) {
        await client.query(`LISTEN ${quote(channel)}`);
      }
      return async () => {
        set.delete(listener);
        if (set.size > 0) return;
        listeners.delete(channel);
        if (listeners.size > 0) {
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
          return;
        }
        await close();
      };
    },
    close,
  };
}
