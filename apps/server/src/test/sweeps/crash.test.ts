// Crash test: the real server process takes 500 concurrent creates, is killed with SIGKILL in the
// middle, and restarts on the same data: it starts cleanly and every acknowledged create is there,
// whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, engines } from '../harness';
import { http, listAll, registerAndLogin, type ServerProcess, startServer } from '../server-process';

const CREATES = 500;

interface CreatedUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  city: string | null;
  timezone: string;
  language: string;
  companyId: string;
  isOwner: boolean;
  createdAt: string;
}

describe.each(engines)('crash (kill -9) on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('restarts cleanly and keeps every acknowledged create', async () => {
    let store: { dataDir?: string; databaseUrl?: string };
    if (engine === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'vigie-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      store = { dataDir: dir };
    } else {
      const pgdb = await createPostgresDatabase();
      cleanups.push(() => pgdb.drop());
      store = { databaseUrl: pgdb.url };
    }
    let server: ServerProcess = await startServer({ ...store, readyTimeoutMs: 120_000 });
    cleanups.push(() => server.kill9());
    const owner = await registerAndLogin(server.url, `crash${Date.now().toString(36)}`);

    const acked: CreatedUser[] = [];
    let failed = 0;
    const body = (i: number) => ({
      name: `Agent crash ${i}`,
      email: `crash-${i}@exemple.fr`,
      password: 'essai-vigie-1',
      role: i % 2 ? 'agent' : 'operator',
      phone: `06 00 00 ${String(i).padStart(4, '0')}`,
      city: `Ville ${i}`,
      language: 'es',
    });
    const requests = Array.from({ length: CREATES }, (_, i) =>
      http(server.url, 'POST', '/api/users', { token: owner.token, body: body(i), timeoutMs: 60_000 }).then(
        (r) => {
          if (r.status === 201) acked.push(r.body as CreatedUser);
          else failed++;
        },
        () => {
          failed++;
        },
      ),
    );
    // Kill while creates are still arriving: after the first acknowledgements, well before the end.
    while (acked.length < 40 && failed === 0) await new Promise((r) => setTimeout(r, 10));
    await server.kill9();
    await Promise.all(requests);
    expect(failed).toBeGreaterThan(0); // the kill really happened mid-flight
    expect(acked.length).toBeGreaterThan(0);

    server = await startServer({ ...store, readyTimeoutMs: 120_000 });
    const ready = await http(server.url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    const again = await http(server.url, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(again.status).toBe(200);
    const token = (again.body as { access_token: string }).access_token;
    const users = await listAll<CreatedUser>(server.url, '/api/users?limit=500', token);
    const byId = new Map(users.map((u) => [u.id, u]));
    for (const a of acked) expect(byId.get(a.id)).toEqual(a);
    // No half-written row either: every stored user is one of the requests, complete.
    for (const u of users.filter((x) => !x.isOwner)) {
      const i = Number(/^crash-(\d+)@/.exec(u.email)?.[1]);
      const { password: _password, ...expected } = body(i);
      expect(u).toMatchObject({ ...expected, companyId: owner.companyId });
    }
    // And it still writes after the restart.
    const after = await http(server.url, 'POST', '/api/users', { token, body: body(CREATES + 1) });
    expect(after.status).toBe(201);
    await server.stop();
    // Two server starts (migrations on PGlite) and 100 argon2 hashes: past a minute on a loaded
    // 2-core machine.
  }, 180_000);
});
