// The simulator's HTTP client: plain node:http on its own keep-alive agent, so that stopping the
// simulator closes every socket it opened (no pooled socket outlives it, in a test or at shutdown).
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export class DeviceHttp {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(private readonly baseUrl: string) {}

  /** One JSON request; answers the status and the parsed body (null when empty). */
  send(
    method: string,
    path: string,
    opts: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<HttpAnswer> {
    const url = new URL(path, this.baseUrl);
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...opts.headers,
          },
          timeout: 15_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = null;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = text;
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Like send, but throws unless the status is the expected one; answers the body. */
  async expect<T>(
    status: number,
    method: string,
    path: string,
    opts: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    const res = await this.send(method, path, opts);
    if (res.status !== status) {
      const detail = (res.body as { detail?: unknown } | null)?.detail;
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(detail ?? res.body).slice(0, 200)}`);
    }
    return res.body as T;
  }

  close() {
    this.agent.destroy();
  }
}
