// A real Server-Sent Events client for tests and benchmarks, as a browser reads the stream: fetch
// with the bearer header and a stream reader (EventSource cannot send the header).
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
  receivedAt: number;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (among all received) matching `pred`; rejects after `timeoutMs`. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  onEvent?: (e: SseEvent) => void;
  close(): void;
  closed: Promise<void>;
}

export async function openStream(
  baseUrl: string,
  token: string,
  opts: { lastEventId?: string; query?: string } = {},
): Promise<SseStream> {
  const ac = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${opts.query ?? ''}`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
    },
    signal: ac.signal,
  });
  const waiters = new Set<{ pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const stream: SseStream = {
    status: res.status,
    events: [],
    comments: [],
    waitFor(pred, timeoutMs = 5000) {
      const found = stream.events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${stream.events.length})`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => ac.abort(),
    closed: Promise.resolve(),
  };
  if (!res.ok || !res.body) return stream;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.closed = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let cut = buf.indexOf('\n\n');
        while (cut >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          cut = buf.indexOf('\n\n');
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else {
              const i = line.indexOf(':');
              if (i > 0) fields[line.slice(0, i)] = line.slice(i + 1).trimStart();
            }
          }
          if (fields.data === undefined) continue;
          const e: SseEvent = {
            id: fields.id,
            event: fields.event ?? 'message',
            data: JSON.parse(fields.data),
            receivedAt: performance.now(),
          };
          stream.events.push(e);
          stream.onEvent?.(e);
          for (const w of waiters) {
            if (w.pred(e)) {
              waiters.delete(w);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}
