// Backups: a backup made while the embedded server runs is complete (restored into a fresh folder with
// the backup command's code, the same rows are there), the schedule and the retention, downloads,
// a database shared by companies, and PostgreSQL (pg_dump when BACKUP_PG_DUMP=1).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { type Config, loadConfig } from '../../../config';
import { restoreBackup } from '../../../db/backup';
import { type Database, openDatabase } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import {
  addUser,
  createPostgresDatabase,
  createTestApp,
  registerCompany,
  type Tenant,
} from '../../../test/harness';
import { backupName } from './backup-files';
import { runScheduledBackups } from './backups.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The app on a real data folder (the harness keeps PGlite in memory, which has no backups). */
async function appOnDisk(engine: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-backups-'));
  const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config: Config = loadConfig({
    CAMERA_PROBE_INTERVAL_MS: '0',
    ALARM_ESCALATION_INTERVAL_MS: '0',
    ATTENDANCE_CHECK_INTERVAL_MS: '0',
    DAILY_JOBS_INTERVAL_MS: '0',
    BACKUP_CHECK_INTERVAL_MS: '0',
    SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...env,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    dir,
    host: { db, config, log: app.log },
    async close() {
      await app.close();
      await db.close();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const get = (app: FastifyInstance, url: string, who: Tenant) =>
  app.inject({ method: 'GET', url, headers: who.auth });
const post = (app: FastifyInstance, url: string, who: Tenant, payload?: object) =>
  app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });

const sitesOf = async (db: Database, companyId: string) =>
  rowsOf<{ name: string }>(
    await db.withTenant(companyId, (tx) =>
      tx.execute(sql`select name from sites where company_id = ${companyId} order by name`),
    ),
  ).map((r) => r.name);

describe('backups of the embedded database', () => {
  let s: Awaited<ReturnType<typeof appOnDisk>>;
  let owner: Tenant;
  const restored: string[] = [];
  beforeAll(async () => {
    s = await appOnDisk('pglite');
    owner = await registerCompany(s.app, { name: 'Sauvegardes & Cie' });
    for (const name of ['Entrepôt Nord', 'Siège']) {
      const res = await post(s.app, '/api/sites', owner, { name, address: '1 rue de la Paix, Paris' });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await s?.close();
    for (const dir of restored) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up the running database; restored into a fresh folder, it holds the same rows', async () => {
    const made = await post(s.app, '/api/settings/backups', owner);
    expect(made.statusCode).toBe(201);
    const backup = made.json();
    expect(backup.name).toMatch(/^vigie-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
    expect(backup.size).toBeGreaterThan(1000);
    // Written after the backup: must not be in it.
    await post(s.app, '/api/sites', owner, { name: 'Après la sauvegarde', address: '2 rue Neuve, Lyon' });

    const list = await get(s.app, '/api/settings/backups', owner);
    expect(list.json()).toEqual({ engine: 'pglite', available: true, message: null, backups: [backup] });

    const download = await get(s.app, `/api/settings/backups/${backup.name}`, owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(readFileSync(join(s.dir, 'backups', backup.name)))).toBe(true);

    // The archive leaves out the backups folder, the secrets key (decision 0009) and the Web Push
    // private key, which the server created in the data folder at its start (issue 29).
    expect(existsSync(join(s.dir, 'vapid.json'))).toBe(true);
    const names = execFileSync('tar', ['-tzf', join(s.dir, 'backups', backup.name)], { encoding: 'utf8' });
    expect(names).toContain('PG_VERSION');
    expect(names).not.toMatch(/backups|secrets\.key|vapid/);

    const fresh = mkdtempSync(join(tmpdir(), 'vigie-restored-'));
    restored.push(fresh);
    rmSync(fresh, { recursive: true });
    await restoreBackup(join(s.dir, 'backups', backup.name), fresh);
    const db = await openDatabase({ dataDir: fresh });
    try {
      expect(await sitesOf(db, owner.company.id)).toEqual(['Entrepôt Nord', 'Siège']);
      expect(await db.whoami()).toMatchObject({ role: 'vigie_app', superuser: false });
    } finally {
      await db.close();
    }
    const audit = await get(s.app, '/api/audit?action=settings.backup_&limit=5', owner);
    expect(audit.json().map((e: { action: string }) => e.action)).toEqual([
      'settings.backup_downloaded',
      'settings.backup_created',
    ]);
  });

  it('makes scheduled backups when due and removes those past the retention, keeping the newest', async () => {
    const dir = join(s.dir, 'backups');
    const now = new Date(Date.now() + 2 * DAY);
    // Daily by default, the last backup is older than a day: one is due.
    const first = await runScheduledBackups(s.host, now, 5 * 60_000);
    expect(first?.name).toBe(backupName(now, 'tar.gz'));
    expect(await runScheduledBackups(s.host, new Date(now.getTime() + HOUR), 5 * 60_000)).toBeNull();
    // Hourly: due an hour later.
    await s.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: owner.auth,
      payload: { backupFrequency: 'hourly', retentionPeriod: 2 },
    });
    const later = new Date(now.getTime() + HOUR);
    expect((await runScheduledBackups(s.host, later, 5 * 60_000))?.name).toBe(backupName(later, 'tar.gz'));
    // Old backups (and a leftover partial file) go; the ones within 2 days stay.
    const old = backupName(new Date(now.getTime() - 10 * DAY), 'tar.gz');
    writeFileSync(join(dir, old), 'old');
    const stale = join(dir, `${backupName(new Date(now.getTime() - 20 * DAY), 'tar.gz')}.part`);
    writeFileSync(stale, 'partial');
    const halfHourLater = new Date(later.getTime() + 30 * 60_000);
    expect(await runScheduledBackups(s.host, halfHourLater, 5 * 60_000)).toBeNull();
    // The manual backup of the first test is now more than 2 days old too.
    expect(readdirSync(dir).filter((n) => n.endsWith('.tar.gz'))).toEqual([
      backupName(now, 'tar.gz'),
      backupName(later, 'tar.gz'),
    ]);
    // A leftover's age is its file's, against the job's clock (here 2 days ahead): gone too.
    expect(readdirSync(dir)).not.toContain(stale.split('/').pop());
    // Automatic backups off: nothing is due, and the newest backup is never removed.
    await s.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: owner.auth,
      payload: { autoBackup: false, retentionPeriod: 1 },
    });
    const far = new Date(now.getTime() + 30 * DAY);
    expect(await runScheduledBackups(s.host, far, 5 * 60_000)).toBeNull();
    expect(readdirSync(dir).filter((n) => n.endsWith('.tar.gz'))).toEqual([backupName(later, 'tar.gz')]);
  });

  it('validates backup names strictly and answers 404 for an unknown one', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'secrets.key', 'vigie-2030.tar.gz', '%2e', 'a%00b']) {
      const res = await get(s.app, `/api/settings/backups/${name}`, owner);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 422 });
      expect(res.json().detail[0].msg).toBe('Nom de sauvegarde invalide');
    }
    // Dot segments are resolved before routing: the collection's parent, no such route.
    expect((await get(s.app, '/api/settings/backups/%2E%2E', owner)).statusCode).toBe(404);
    const unknown = await get(s.app, '/api/settings/backups/vigie-20300101-000000-000.tar.gz', owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Sauvegarde introuvable');
  });

  it('refuses backups to operators and agents, and to anyone once the database holds another company', async () => {
    const operator = await addUser(s.app, owner, 'operator');
    expect((await get(s.app, '/api/settings/backups', operator)).statusCode).toBe(403);
    expect((await post(s.app, '/api/settings/backups', operator)).statusCode).toBe(403);
    const name = readdirSync(join(s.dir, 'backups')).find((n) => n.endsWith('.tar.gz')) as string;

    const other = await registerCompany(s.app);
    for (const who of [owner, other]) {
      const list = await get(s.app, '/api/settings/backups', who);
      expect(list.json()).toMatchObject({ engine: 'pglite', available: false, backups: [] });
      expect(list.json().message).toMatch(/partagée par plusieurs sociétés/);
      const made = await post(s.app, '/api/settings/backups', who);
      expect(made.statusCode).toBe(409);
      expect(made.json().detail).toMatch(/partagée par plusieurs sociétés/);
      expect((await get(s.app, `/api/settings/backups/${name}`, who)).statusCode).toBe(404);
    }
    // The server's own schedule still runs for the database as a whole.
    const due = new Date(Date.now() + 60 * DAY);
    await s.app.inject({
      method: 'PUT',
      url: '/api/settings/system',
      headers: other.auth,
      payload: { autoBackup: true, backupFrequency: 'monthly' },
    });
    expect(await runScheduledBackups(s.host, due, 5 * 60_000)).not.toBeNull();
  });
});

describe('backups on an in-memory database', () => {
  it('says none can be made', async () => {
    const t = await createTestApp('pglite');
    try {
      const owner = await registerCompany(t.app);
      const list = await get(t.app, '/api/settings/backups', owner);
      expect(list.json()).toEqual({
        engine: 'pglite',
        available: false,
        message: 'Base de données en mémoire : aucune sauvegarde n’est possible.',
        backups: [],
      });
      const made = await post(t.app, '/api/settings/backups', owner);
      expect(made.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('backups on PostgreSQL', () => {
  it('leaves PostgreSQL to its own tools by default', async () => {
    const s = await appOnDisk('postgres');
    try {
      const owner = await registerCompany(s.app);
      const list = await get(s.app, '/api/settings/backups', owner);
      expect(list.json()).toMatchObject({ engine: 'postgres', available: false, backups: [] });
      expect(list.json().message).toMatch(
        /^Les sauvegardes relèvent des outils de la base de données \(pg_dump, sauvegardes continues\)/,
      );
      expect((await post(s.app, '/api/settings/backups', owner)).statusCode).toBe(409);
      expect(await runScheduledBackups(s.host, new Date(), 60_000)).toBeNull();
    } finally {
      await s.close();
    }
  });

  it('runs pg_dump into the backups folder with BACKUP_PG_DUMP=1, now and on the schedule', async () => {
    const s = await appOnDisk('postgres', { BACKUP_PG_DUMP: '1' });
    try {
      const owner = await registerCompany(s.app);
      await post(s.app, '/api/sites', owner, { name: 'Site sauvegardé', address: '3 quai Est, Nantes' });
      const made = await post(s.app, '/api/settings/backups', owner);
      expect(made.statusCode).toBe(201);
      expect(made.json().name).toMatch(/\.dump$/);
      const file = join(s.dir, 'backups', made.json().name);
      const contents = execFileSync('pg_restore', ['--list', file], { encoding: 'utf8' });
      expect(contents).toMatch(/TABLE DATA public sites/);
      expect(contents).toMatch(/TABLE DATA public audit_log/);
      const list = await get(s.app, '/api/settings/backups', owner);
      expect(list.json()).toMatchObject({ engine: 'postgres', available: true, backups: [made.json()] });
      expect(list.json().message).toMatch(/ce serveur exécute aussi pg_dump/);
      const scheduled = await runScheduledBackups(s.host, new Date(Date.now() + 2 * DAY), 60_000);
      expect(scheduled?.name).toMatch(/\.dump$/);
    } finally {
      await s.close();
    }
  });
});
