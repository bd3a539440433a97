// The real server as a child process (crash, outage, benchmark and soak runs): same entry point as
// production (`src/server.ts`), its own port, its own database, over real HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The Node flags of the production start (apps/server/node-flags.json); a caller's own come after. */
const nodeFlags = JSON.parse(
  readFileSync(resolve(repoRoot, 'apps/server/node-flags.json'), 'utf8'),
) as string[];

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** stdout and stderr so far (for failure messages). */
  output(): string;
  /** SIGKILL: no shutdown hook runs. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PGlite folder (embedded engine) … */
  dataDir?: string;
  /** … or a PostgreSQL URL. */
  databaseUrl?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Extra Node flags (e.g. `--cpu-prof` when a bench profiles the server). */
  nodeArgs?: string[];
  /** Another checkout to run the server of (a bench's "before" worktree); default: this one. */
  root?: string;
}

export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    // Shared by every process a test or bench starts on one database (as production instances must
    // share theirs), and no key file written into the repository's ./data.
    SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
    // Tests and benches register many companies from 127.0.0.1.
    REGISTER_LIMIT_PER_HOUR: '100000',
    // Processes run side by side: each alarm receiver on a free port of its own.
    ALARM_RECEIVER_PORT: '0',
    ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
    ...(opts.env ?? {}),
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  // The flags `npm start` runs the server with (scripts/start.mjs), so tests and benches measure it.
  const root = opts.root ?? repoRoot;
  const child = spawn(
    process.execPath,
    [...nodeFlags, ...(opts.nodeArgs ?? []), '--import', 'tsx', resolve(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const url = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    url,
    pid: child.pid ?? -1,
    child,
    output: () => out,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before ready (${child.exitCode ?? child.signalCode}):\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.kill9();
      throw new Error(`server not ready after ${opts.readyTimeoutMs ?? 60_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** JSON over real HTTP. */
export async function http(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number; ip?: string } = {},
): Promise<{ status: number; body: unknown; text: string }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, text };
}

/** Registers a company and signs its owner in; returns the token and ids. */
export async function registerAndLogin(base: string, tag: string) {
  const email = `owner-${tag}@exemple.fr`;
  const password = 'essai-vigie-1';
  const reg = await http(base, 'POST', '/api/auth/register', {
    body: {
      company: { name: `Société ${tag}`, email: `contact-${tag}@exemple.fr`, subscription: 'enterprise' },
      admin: { name: `Admin ${tag}`, email, password },
    },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await http(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const b = login.body as { access_token: string; user: { id: string }; company: { id: string } };
  return { token: b.access_token, email, password, userId: b.user.id, companyId: b.company.id };
}

/** Every page of a list endpoint (follows `Link: rel="next"`). */
export async function listAll<T>(base: string, path: string, token: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = path;
  while (next) {
    const res: Response = await fetch(`${base}${next}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${next}: ${res.status} ${await res.text()}`);
    out.push(...((await res.json()) as T[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return out;
}
