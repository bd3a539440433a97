// The log level of Paramètres · Système takes effect at once on the instance that saved it, and on the
// other instances of the same PostgreSQL database through NOTIFY.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { createPostgresDatabase, engines, registerCompany } from '../../test/harness';

const quiet = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** An instance with a real logger (the harness runs without one), on the given database. */
async function instance(databaseUrl: string | undefined) {
  const config = loadConfig({
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
    BACKUP_CHECK_INTERVAL_MS: '0',
    SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
    DATA_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  config.dataDir = 'memory://';
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 3 });
  const app = await buildApp({ config, db, logger: { level: 'info', stream: quiet() } });
  await app.ready();
  return { app, db };
}

const eventually = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((ok) => setTimeout(ok, 20));
  return check();
};

describe.each(engines)('log level on %s', (engine) => {
  const open: { app: FastifyInstance; db: Database }[] = [];
  let drop: (() => Promise<void>) | undefined;
  let a: { app: FastifyInstance; db: Database };
  let b: { app: FastifyInstance; db: Database } | undefined;
  beforeAll(async () => {
    const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
    drop = pgdb?.drop;
    a = await instance(pgdb?.url);
    open.push(a);
    // PGlite is one process: one instance. PostgreSQL: a second one hears the change.
    b = pgdb ? await instance(pgdb.url) : undefined;
    if (b) open.push(b);
  });
  afterAll(async () => {
    for (const { app, db } of open) {
      await app.close();
      await db.close();
    }
    await drop?.();
  });

  it('applies a saved level to every instance of the database at once', async () => {
    const owner = await registerCompany(a.app);
    expect(a.app.log.level).toBe('info');
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: owner.auth,
      payload: { logLevel: 'debug' },
    });
    expect(res.statusCode).toBe(200);
    expect(a.app.log.level).toBe('debug');
    const other = b;
    if (other) expect(await eventually(() => other.app.log.level === 'debug')).toBe(true);
    // Several companies share the process's level: the last change wins.
    const second = await registerCompany(a.app);
    await a.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: second.auth,
      payload: { logLevel: 'error' },
    });
    expect(a.app.log.level).toBe('error');
    if (other) expect(await eventually(() => other.app.log.level === 'error')).toBe(true);
    // The first company saves the whole form again (its level unchanged, 'debug'): only a change
    // is applied, so the process keeps the last level actually chosen.
    const again = await a.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: owner.auth,
      payload: { logLevel: 'debug', maintenanceMode: false },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().logLevel).toBe('debug');
    expect(a.app.log.level).toBe('error');
  });
});
