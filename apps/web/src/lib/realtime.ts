// The company's Server-Sent Events stream, read with fetch (EventSource cannot send the bearer
// header) and shared by every tab of the browser: browsers allow 6 HTTP/1.1 connections per site
// across tabs, so one tab — the one holding the Web Lock — opens the stream and rebroadcasts each
// event on a BroadcastChannel; the others listen, and one of them takes over when it closes.

export type StreamEvent = {
  /** The server's event id (monotonic), used for Last-Event-ID and to drop duplicates. */
  id: string;
  type: string;
  at: string;
  data: Record<string, unknown>;
};

export type RealtimeOptions = {
  url: string;
  /** Lock and channel names are scoped to it (the signed-in user), so sessions never mix. */
  scope: string;
  getToken: () => string | null;
  onEvent: (event: StreamEvent) => void;
  /** The stream answered 401: the session is over. */
  onUnauthorized: () => void;
};

type ChannelMessage = { kind: 'event'; event: StreamEvent } | { kind: 'alive' } | { kind: 'hello' };

const MAX_BACKOFF_MS = 30_000;
/** The server pings every 15 s: silence this long means a dead connection (a sleeping laptop). */
const SILENCE_TIMEOUT_MS = 45_000;
const SEEN_LIMIT = 500;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

export type RawMessage = { id: string | null; event: string; data: string };

// Whether the stream is known to be up: data or a ping heard within the silence timeout (in any
// tab: the leading tab relays its activity). Screens poll only while it is not.
let liveUntil = 0;
let liveTimer: ReturnType<typeof setTimeout> | undefined;
const liveListeners = new Set<() => void>();
const notifyLive = () => {
  for (const listener of liveListeners) listener();
};

function markAlive() {
  const wasLive = isRealtimeLive();
  liveUntil = Date.now() + SILENCE_TIMEOUT_MS;
  clearTimeout(liveTimer);
  liveTimer = setTimeout(notifyLive, SILENCE_TIMEOUT_MS + 10);
  if (!wasLive) notifyLive();
}

function markDown() {
  liveUntil = 0;
  clearTimeout(liveTimer);
  notifyLive();
}

export const isRealtimeLive = () => Date.now() < liveUntil;

/** For useSyncExternalStore: called when the stream goes up or down. */
export function subscribeRealtimeLive(listener: () => void) {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** Parses `text/event-stream` (id, event, data, retry fields; comments ignored). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: RawMessage) => void,
  onRetry: (ms: number) => void,
  onActivity: () => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onActivity();
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (line === '') {
        if (data.length > 0) onMessage({ id, event, data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const raw = colon < 0 ? '' : line.slice(colon + 1);
      const fieldValue = raw.startsWith(' ') ? raw.slice(1) : raw;
      if (field === 'data') data.push(fieldValue);
      else if (field === 'event') event = fieldValue;
      else if (field === 'id' && !fieldValue.includes('\0')) id = fieldValue;
      else if (field === 'retry' && /^\d+$/.test(fieldValue)) onRetry(Number(fieldValue));
    }
  }
}

let localIds = 0;

function toEvent(message: RawMessage): StreamEvent | null {
  try {
    const parsed: unknown = JSON.parse(message.data);
    if (!parsed || typeof parsed !== 'object') return null;
    const body = parsed as { type?: unknown; at?: unknown; data?: unknown };
    return {
      id: message.id ?? `local-${localIds++}`,
      type: message.event || (typeof body.type === 'string' ? body.type : 'message'),
      at: typeof body.at === 'string' ? body.at : new Date().toISOString(),
      data: body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {},
    };
  } catch {
    return null;
  }
}

/** Holds the stream open (reconnecting with backoff and Last-Event-ID) until `signal` aborts. */
async function runStream(
  options: RealtimeOptions,
  signal: AbortSignal,
  lastEventId: () => string | null,
  onEvent: (event: StreamEvent) => void,
  onAlive: () => void,
) {
  let attempt = 0;
  let retryMs = 1_000;
  while (!signal.aborted) {
    const token = options.getToken();
    if (!token) return;
    const connection = new AbortController();
    const abortConnection = () => connection.abort();
    signal.addEventListener('abort', abortConnection, { once: true });
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let open = false;
    const onActivity = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abortConnection, SILENCE_TIMEOUT_MS);
      if (open) onAlive();
    };
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      const last = lastEventId();
      if (last && /^\d+$/.test(last)) headers['Last-Event-ID'] = last;
      onActivity();
      const response = await fetch(options.url, { headers, signal: connection.signal, cache: 'no-store' });
      if (response.status === 401) {
        options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
      attempt = 0;
      open = true;
      onAlive();
      await readEventStream(
        response.body,
        (message) => {
          const event = toEvent(message);
          if (event) onEvent(event);
        },
        (ms) => {
          retryMs = ms;
        },
        onActivity,
      );
    } catch {
      // Network error, server restart or watchdog: reconnect below unless we were stopped.
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', abortConnection);
      if (open) markDown();
    }
    if (signal.aborted) return;
    const base = Math.min(MAX_BACKOFF_MS, retryMs * 2 ** attempt);
    attempt = Math.min(attempt + 1, 10);
    await sleep(base / 2 + Math.random() * (base / 2), signal);
  }
}

/**
 * Starts listening; returns the function that stops (logout, unmount). Every tab calls this: the
 * one that gets the lock streams and rebroadcasts, each tab hands every event to `onEvent` once.
 */
export function startRealtime(options: RealtimeOptions): () => void {
  const stop = new AbortController();
  const name = `vigie-events:${options.scope}`;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  const seen = new Set<string>();
  let lastId: string | null = null;

  const deliver = (event: StreamEvent) => {
    // By type and id: the stream's `ready` frame carries the id of an event already delivered.
    const key = `${event.type}:${event.id}`;
    if (stop.signal.aborted || seen.has(key)) return;
    seen.add(key);
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    if (!event.id.startsWith('local-')) lastId = event.id;
    options.onEvent(event);
  };

  channel?.addEventListener('message', (message: MessageEvent<ChannelMessage>) => {
    if (message.data?.kind === 'event') deliver(message.data.event);
    if (message.data?.kind === 'alive') markAlive();
    // A tab just opened asks whether the stream is up: a live tab says so at once, rather than the
    // new tab reading « interrompue » until the leader's next ping (up to 15 s).
    if (message.data?.kind === 'hello' && isRealtimeLive())
      channel?.postMessage({ kind: 'alive' } satisfies ChannelMessage);
  });
  channel?.postMessage({ kind: 'hello' } satisfies ChannelMessage);

  const lead = () =>
    runStream(
      options,
      stop.signal,
      () => lastId,
      (event) => {
        channel?.postMessage({ kind: 'event', event } satisfies ChannelMessage);
        deliver(event);
      },
      () => {
        channel?.postMessage({ kind: 'alive' } satisfies ChannelMessage);
        markAlive();
      },
    );

  // Web Locks exist only in secure contexts (https, localhost): elsewhere each tab streams.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(name, { signal: stop.signal }, lead).catch(() => {
      // AbortError: stopped while waiting for the lock.
    });
  } else {
    void lead();
  }

  return () => {
    stop.abort();
    channel?.close();
    markDown();
  };
}
