// A real Server-Sent Events client for tests and benchmarks: a GET with the bearer header (as the
// browser's fetch sends it; EventSource cannot), the body read as it arrives and cut into events.
// node:http rather than fetch: a benchmark runs 50 of these beside the load generator, and fetch's
// web streams cost it the CPU the server under test needed.
import http from 'node:http';
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
  receivedAt: number;
}

export interface SseStream {
  status: number;
  /** Events received so far (in `countOnly` mode the only record of them). */
  count: number;
  events: SseEvent[];
  comments: string[];
  /**
   * The stream's `ready` frames (sent once attached, with the id to resume from): kept apart, so
   * `events` and `count` are the company's events only.
   */
  ready: SseEvent[];
  /** Resolves with the first event (among all received) matching `pred`; rejects after `timeoutMs`. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  onEvent?: (e: SseEvent) => void;
  close(): void;
  closed: Promise<void>;
}

export async function openStream(
  baseUrl: string,
  token: string,
  opts: {
    lastEventId?: string;
    query?: string;
    /**
     * Only counts the events: no object per event. A benchmark's 50 dashboards each receive every
     * alarm, and building and keeping 50 objects per alarm took the load generator a core.
     */
    countOnly?: boolean;
  } = {},
): Promise<SseStream> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events${opts.query ?? ''}`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
  const waiters = new Set<{ pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const stream: SseStream = {
    status: res.statusCode ?? 0,
    count: 0,
    events: [],
    comments: [],
    ready: [],
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
    close: () => res.destroy(),
    closed: Promise.resolve(),
  };
  if (stream.status !== 200) {
    res.resume();
    return stream;
  }
  res.setEncoding('utf8');
  stream.closed = new Promise<void>((done) => {
    let buf = '';
    res.on('close', () => done());
    res.on('error', () => {});
    if (opts.countOnly) {
      res.on('data', (value: string) => {
        buf += value;
        let at = 0;
        for (let cut = buf.indexOf('\n\n', at); cut >= 0; cut = buf.indexOf('\n\n', at)) {
          // An event block carries a data line; comments (`: ping`) and `retry:` do not.
          const data = buf.indexOf('\ndata:', at);
          const ready = buf.indexOf('\nevent: ready\n', at);
          const isReady = ready >= 0 && ready < cut;
          if (!isReady && (buf.startsWith('data:', at) || (data >= 0 && data < cut))) stream.count++;
          at = cut + 2;
        }
        buf = buf.slice(at);
      });
      return;
    }
    res.on('data', (value: string) => {
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
        const raw = fields.data;
        let parsed: unknown;
        // Parsed when read: a benchmark's 50 streams mostly count events, and parsing each one on
        // the load generator's thread cost it the CPU the server under test needed.
        const e: SseEvent = {
          id: fields.id,
          event: fields.event ?? 'message',
          get data() {
            parsed ??= JSON.parse(raw);
            return parsed;
          },
          receivedAt: performance.now(),
        };
        if (e.event === 'ready') {
          stream.ready.push(e);
          continue;
        }
        stream.count++;
        stream.events.push(e);
        stream.onEvent?.(e);
        for (const w of waiters) {
          if (w.pred(e)) {
            waiters.delete(w);
            w.resolve(e);
          }
        }
      }
    });
  });
  return stream;
}
