// Database outage: a private PostgreSQL (initdb + pg_ctl in a temporary folder, so the machine's
// own server is untouched) is stopped for 10 seconds under steady load. During the outage every
// request answers 503 with a French detail within 5 s and /api/ready says so; after the restart the
// API recovers by itself within 5 s; nothing acknowledged is lost.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  http,
  listAll,
  registerAndLogin,
  type ServerProcess,
  startServer,
} from '../server-process';

const OUTAGE_MS = 10_000;
const BOUND_MS = 5_000;

function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

const pgBin = findPgBin();
const asRoot = process.getuid?.() === 0;
const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => existsSync(p));
const skipReason = !pgBin
  ? 'initdb/pg_ctl not found under /usr/lib/postgresql'
  : asRoot && !runuser
    ? 'running as root without runuser (initdb refuses root)'
    : undefined;

/** Runs a PostgreSQL binary as the postgres OS user when we are root (initdb refuses root). */
function pg(cmd: string, args: string[]) {
  const bin = join(pgBin as string, cmd);
  const [file, argv] = asRoot ? [runuser as string, ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 }).toString();
}

interface Sample {
  kind: 'read' | 'write' | 'ready';
  start: number;
  end: number;
  status: number;
  body: unknown;
}

describe.skipIf(!!skipReason)(
  `database outage on a private PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const cleanups: (() => void | Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) {
        try {
          await c();
        } catch {
          // best effort
        }
      }
    });

    it('answers 503 quickly while the database is down and recovers by itself', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'vigie-outage-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
      chmodSync(dir, 0o700);
      const data = join(dir, 'data');
      pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C']);
      const port = await freePort();
      const startPg = () =>
        pg('pg_ctl', [
          '-D',
          data,
          '-l',
          join(dir, 'log'),
          '-w',
          '-t',
          '30',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
          'start',
        ]);
      startPg();
      cleanups.push(() => {
        pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      });

      const server: ServerProcess = await startServer({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      });
      cleanups.push(() => server.stop());
      const owner = await registerAndLogin(server.url, `outage${Date.now().toString(36)}`);

      // Steady load: two readers, one writer, and a readiness probe, each one request at a time.
      const samples: Sample[] = [];
      let running = true;
      let n = 0;
      const worker = async (kind: Sample['kind']) => {
        while (running) {
          const start = Date.now();
          let status = 0;
          let body: unknown = null;
          try {
            const r =
              kind === 'read'
                ? await http(server.url, 'GET', '/api/users?limit=20', {
                    token: owner.token,
                    timeoutMs: 15_000,
                  })
                : kind === 'write'
                  ? await http(server.url, 'POST', '/api/users', {
                      token: owner.token,
                      timeoutMs: 15_000,
                      body: {
                        name: `Agent ${n}`,
                        email: `outage-${n++}@exemple.fr`,
                        password: 'essai-vigie-1',
                        role: 'agent',
                      },
                    })
                  : await http(server.url, 'GET', '/api/ready', { timeoutMs: 15_000 });
            status = r.status;
            body = r.body;
          } catch (err) {
            body = String(err);
          }
          samples.push({ kind, start, end: Date.now(), status, body });
          await new Promise((r) => setTimeout(r, kind === 'ready' ? 250 : 50));
        }
      };
      const workers = [worker('read'), worker('read'), worker('write'), worker('ready')];
      await new Promise((r) => setTimeout(r, 2_000));

      pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      const downAt = Date.now();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const restartAt = Date.now();
      startPg();
      const upAt = Date.now();
      await new Promise((r) => setTimeout(r, BOUND_MS + 3_000));
      running = false;
      await Promise.all(workers);

      // During the outage: 503, French detail, within 5 s — for API calls and readiness alike.
      const during = samples.filter((s) => s.start >= downAt && s.end <= restartAt);
      expect(during.length).toBeGreaterThan(10);
      for (const s of during) {
        expect({ kind: s.kind, status: s.status, fast: s.end - s.start < BOUND_MS }).toEqual({
          kind: s.kind,
          status: 503,
          fast: true,
        });
        const detail = (s.body as { detail?: unknown } | null)?.detail;
        expect(typeof detail).toBe('string');
        expect(detail).toMatch(/indisponible/);
      }
      expect(during.some((s) => s.kind === 'ready')).toBe(true);
      // No request hung at any time.
      for (const s of samples) expect(s.end - s.start).toBeLessThan(BOUND_MS + 1_000);

      // Recovery by itself: from 5 s after the database is back, every request succeeds.
      const recovered = samples.filter((s) => s.start >= upAt + BOUND_MS);
      expect(recovered.length).toBeGreaterThan(5);
      for (const s of recovered)
        expect({ kind: s.kind, status: s.status }).toEqual({
          kind: s.kind,
          status: s.kind === 'write' ? 201 : 200,
        });
      const before = samples.filter((s) => s.end <= downAt);
      expect(before.filter((s) => s.status >= 200 && s.status < 300).length).toBeGreaterThan(3);

      // Nothing acknowledged was lost.
      const acked = samples
        .filter((s) => s.kind === 'write' && s.status === 201)
        .map((s) => (s.body as { id: string }).id);
      expect(acked.length).toBeGreaterThan(2);
      const users = await listAll<{ id: string }>(server.url, '/api/users?limit=500', owner.token);
      const ids = new Set(users.map((u) => u.id));
      expect(acked.filter((id) => !ids.has(id))).toEqual([]);
      console.info(
        `outage: ${samples.length} requests; ${during.length} during the outage (all 503, max ${Math.max(...during.map((s) => s.end - s.start))} ms); ` +
          `first success ${Math.min(...samples.filter((s) => s.start >= restartAt && s.status < 300).map((s) => s.end - upAt))} ms after the database was back`,
      );
    });
  },
);
