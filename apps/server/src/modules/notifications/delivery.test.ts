// Deliveries through real receivers: a local SMTP server and a local HTTP SMS gateway. Each user's
// switches decide who gets what; a failing channel is retried, then given up, without holding the
// others; a rolled-back notification sends nothing; a queued delivery survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { jobsSummary } from '../../db/jobs';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import {
  addUser,
  createPostgresDatabase,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { notify } from './notifications.service';
import { declareChannels } from './notifications.sql';
import { drainJobs, type HttpReceiver, type SmtpInbox, startHttpReceiver, startSmtp } from './test-support';

const SATURDAY_PARIS = new Date('2026-03-14T10:00:00Z');
const MONDAY_PARIS = new Date('2026-03-16T10:00:00Z');
// 23:30 on Friday in New York, already Saturday in Paris.
const FRIDAY_NIGHT_NEW_YORK = new Date('2026-03-14T03:30:00Z');

describe.each(engines)('notification deliveries on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let sms: HttpReceiver;

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startHttpReceiver();
    sms.answer(200);
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Vigie <alertes@vigie.test>',
      SMS_GATEWAY_URL: `${sms.url}/sms/send`,
      SMS_GATEWAY_TOKEN: 'jeton-passerelle',
      PUBLIC_URL: 'https://vigie.test',
      JOBS_POLL_INTERVAL_MS: '0',
      JOBS_RETRY_BASE_MS: '20',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });

  const settings = async (who: Tenant, changes: Record<string, boolean>) => {
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: who.auth })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: who.auth,
      payload: { ...current, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const setUser = (who: Tenant, values: { phone?: string | null; timezone?: string }) =>
    t.db.withTenant(who.company.id, (tx) =>
      tx
        .update(users)
        .set(values)
        .where(and(eq(users.companyId, who.company.id), eq(users.id, who.user.id))),
    );
  const site = async (owner: Tenant) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Entrepôt Nord', address: '12 rue des Docks, Le Havre' },
      })
    ).json().id as string;
  const raise = async (
    owner: Tenant,
    siteId: string,
    severity: string,
    title: string,
    type = 'intrusion',
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: owner.auth,
      payload: { siteId, type, severity, title, description: 'Détection périmétrique', location: 'Quai 3' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const mailsAbout = (text: string) => smtp.mails.filter((m) => m.subject.includes(text));
  const recipientsOf = (text: string) =>
    mailsAbout(text)
      .flatMap((m) => m.to)
      .sort();

  it("e-mails a new alarm to the control room by each one's switches, in French, with a text part", async () => {
    const owner = await registerCompany(t.app);
    const all = await addUser(t.app, owner, 'operator');
    const noEmail = await addUser(t.app, owner, 'operator');
    const criticalOnly = await addUser(t.app, owner, 'operator');
    const agent = await addUser(t.app, owner, 'agent');
    await settings(noEmail, { emailAlerts: false });
    await settings(criticalOnly, { criticalOnly: true });
    const siteId = await site(owner);

    const high = await raise(owner, siteId, 'high', 'Intrusion quai 3');
    await drainJobs(t.db);
    expect(recipientsOf('Intrusion quai 3')).toEqual([owner.user.email, all.user.email].sort());
    const mail = mailsAbout('Intrusion quai 3')[0];
    expect(mail?.subject).toBe('[Vigie] Nouvelle alarme importante : Intrusion quai 3');
    expect(mail?.text).toContain('Site : Entrepôt Nord');
    expect(mail?.text).toContain('Emplacement : Quai 3');
    expect(mail?.text).toContain('Gravité : Avertissement');
    expect(mail?.text).toContain(`Ouvrir dans Vigie : https://vigie.test/dashboard/alarms?alarm=${high.id}`);
    expect(mail?.html).toContain(
      '<h1 style="font-size:18px">Nouvelle alarme importante : Intrusion quai 3</h1>',
    );

    // Critical: the critical-only operator gets it too; the agent never (not the control room).
    await raise(owner, siteId, 'critical', 'Incendie local batteries', 'fire');
    await drainJobs(t.db);
    expect(recipientsOf('Incendie local batteries')).toEqual(
      [owner.user.email, all.user.email, criticalOnly.user.email].sort(),
    );
    expect(mailsAbout('Incendie local batteries')[0]?.subject).toBe(
      '[Vigie] URGENT — Nouvelle alarme critique : Incendie local batteries',
    );
    expect(smtp.mails.some((m) => m.to.includes(agent.user.email) || m.to.includes(noEmail.user.email))).toBe(
      false,
    );

    // The bell shows the active alarm itself: its notification is kept, but as read.
    const unread = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: owner.auth })
    ).json();
    expect(unread.unread).toBe(0);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: owner.auth })
    ).json();
    expect(listed.map((n: { kind: string }) => n.kind).sort()).toEqual(['alarm.fire', 'alarm.intrusion']);
  });

  it('keeps weekends quiet in the user’s own timezone, and maintenance for those who want it', async () => {
    const owner = await registerCompany(t.app);
    const paris = await addUser(t.app, owner, 'operator');
    const newYork = await addUser(t.app, owner, 'operator');
    await settings(paris, { weekendAlerts: false, maintenanceNotifications: false });
    await settings(newYork, { weekendAlerts: false });
    await setUser(newYork, { timezone: 'America/New_York' });
    const tell = (title: string, now: Date, kind = 'licence.cnaps_expiring') =>
      t.db.withTenant(owner.company.id, (tx) =>
        notify(
          tx,
          owner.company.id,
          {
            kind,
            severity: 'warning',
            audience: { userIds: [owner.user.id, paris.user.id, newYork.user.id] },
            title,
            body: 'Carte professionnelle à renouveler',
          },
          { now },
        ),
      );
    await tell('Samedi matin', SATURDAY_PARIS);
    await tell('Vendredi soir à New York', FRIDAY_NIGHT_NEW_YORK);
    await tell('Lundi matin', MONDAY_PARIS);
    await tell('Caméra à réparer', MONDAY_PARIS, 'maintenance.camera_offline');
    await drainJobs(t.db);
    expect(recipientsOf('Samedi matin')).toEqual([owner.user.email]);
    expect(recipientsOf('Vendredi soir à New York')).toEqual([owner.user.email, newYork.user.email].sort());
    expect(recipientsOf('Lundi matin')).toEqual(
      [owner.user.email, paris.user.email, newYork.user.email].sort(),
    );
    expect(recipientsOf('Caméra à réparer')).toEqual([owner.user.email, newYork.user.email].sort());
    // The bell has them all: the switches are about what leaves the app.
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: paris.auth })
    ).json();
    expect(bell).toHaveLength(4);
  });

  it('sends an SMS through the gateway only to an international number with SMS on, and not for mere information', async () => {
    const owner = await registerCompany(t.app);
    const withPhone = await addUser(t.app, owner, 'operator');
    const nationalPhone = await addUser(t.app, owner, 'operator');
    const smsOff = await addUser(t.app, owner, 'operator');
    await setUser(withPhone, { phone: '+33612345678' });
    await setUser(nationalPhone, { phone: '06 12 34 56 78' });
    await setUser(smsOff, { phone: '+33698765432' });
    await settings(smsOff, { smsAlerts: false });
    const siteId = await site(owner);
    const before = sms.requests.length;

    await raise(
      owner,
      siteId,
      'critical',
      'Effraction porte principale — intervention immédiate requise sur le site',
    );
    await raise(owner, siteId, 'low', 'Porte restée ouverte');
    await drainJobs(t.db);
    const sent = sms.requests.slice(before);
    expect(sent).toHaveLength(1);
    const req = sent[0];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/sms/send');
    expect(req?.headers.authorization).toBe('Bearer jeton-passerelle');
    expect(req?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req?.body.toString() ?? '{}');
    expect(body.to).toBe('+33612345678');
    expect(body.sender).toBe('Vigie');
    expect(
      body.text.startsWith('Vigie URGENT : Nouvelle alarme critique : Effraction porte principale'),
    ).toBe(true);
    // Kept in the GSM alphabet so that it is one SMS (é is in it; ô and the long dash are not).
    expect(body.text).toBe(
      'Vigie URGENT : Nouvelle alarme critique : Effraction porte principale - intervention immédiate requise sur le site. Site : Entrepot Nord Emplacement : Quai 3...',
    );
    expect(body.text.length).toBeLessThanOrEqual(160);
  });

  it('retries a failing channel, gives up after the last attempt, and delivers the others meanwhile', async () => {
    const owner = await registerCompany(t.app);
    await setUser(owner, { phone: '+33611223344' });
    const siteId = await site(owner);
    sms.answer(503);
    // The SMTP server refuses the first try for a while (451): the e-mail comes at the second.
    smtp.refuseNext(1, 451);
    const refusedBefore = smtp.refused();
    const before = sms.requests.length;
    await raise(owner, siteId, 'critical', 'Passerelle SMS en panne');
    await drainJobs(t.db);
    sms.answer(200);
    expect(recipientsOf('Passerelle SMS en panne')).toEqual([owner.user.email]);
    expect(smtp.refused() - refusedBefore).toBe(1);
    expect(sms.requests.length - before).toBe(5);
    const failed = (await jobsSummary(t.db)).filter(
      (s) => s.status === 'failed' && s.kind === 'notification.sms',
    );
    expect(failed).toEqual([
      {
        kind: 'notification.sms',
        status: 'failed',
        jobs: 1,
        attempts: 5,
        last_error: 'Error: SMS gateway answered 503',
      },
    ]);

    // A refusal that waiting cannot cure is given up at once.
    sms.answer(400);
    const again = sms.requests.length;
    await raise(owner, siteId, 'critical', 'Numéro refusé');
    await drainJobs(t.db);
    sms.answer(200);
    expect(sms.requests.length - again).toBe(1);
    expect(recipientsOf('Numéro refusé')).toEqual([owner.user.email]);
  });

  it('queues one delivery per channel the switches allow, in the notifying transaction', async () => {
    const owner = await registerCompany(t.app);
    await setUser(owner, { phone: '+33612345678' });
    const queued = await t.db.withTenant(owner.company.id, async (tx) => {
      await notify(tx, owner.company.id, {
        kind: 'licence.cnaps_expired',
        severity: 'critical',
        audience: { userIds: [owner.user.id] },
        title: 'Deux canaux',
        body: 'E-mail et SMS',
      });
      return rowsOf<{ kind: string; jobs: number }>(
        await tx.execute(sql`select kind, jobs::int as jobs from jobs_summary() where status = 'pending'`),
      );
    });
    expect(queued).toEqual([
      { kind: 'notification.email', jobs: 1 },
      { kind: 'notification.sms', jobs: 1 },
    ]);
    await drainJobs(t.db);
  });

  it('sends nothing for a notification whose transaction rolled back', async () => {
    const owner = await registerCompany(t.app);
    await t.db
      .withTenant(owner.company.id, async (tx) => {
        await notify(tx, owner.company.id, {
          kind: 'licence.cnaps_expired',
          severity: 'critical',
          audience: { roles: ['admin'] },
          title: 'Annulée avant envoi',
          body: 'Ne doit jamais partir',
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await drainJobs(t.db);
    expect(mailsAbout('Annulée avant envoi')).toEqual([]);
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: owner.auth })
    ).json();
    expect(bell).toEqual([]);
  });
});

describe.each(engines)('a queued delivery across a restart on %s', (engine) => {
  it('is sent by the next process on the same database', async () => {
    const smtp = await startSmtp();
    const pg = engine === 'postgres' ? await createPostgresDatabase() : undefined;
    // PGlite's files, and on both engines the VAPID keys file the two processes share.
    const dir = mkdtempSync(join(tmpdir(), 'vigie-restart-'));
    const start = async () => {
      const config = loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        SECRETS_KEY: 'vigie-test-secrets-key-not-for-production-use',
        CAMERA_PROBE_INTERVAL_MS: '0',
        ALARM_ESCALATION_INTERVAL_MS: '0',
        ATTENDANCE_CHECK_INTERVAL_MS: '0',
        DAILY_JOBS_INTERVAL_MS: '0',
        JOBS_POLL_INTERVAL_MS: '0',
        SMTP_URL: smtp.url,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      });
      const db = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 3,
      });
      return { db, app: await buildApp({ config, db }) };
    };
    try {
      // The first process stores the notification and its delivery, and stops before sending it
      // (its worker stopped with its app).
      const first = await start();
      await first.app.ready();
      const owner = await registerCompany(first.app);
      await first.app.close();
      // As its app would have declared it (SMTP_URL set): the app is closed, so no worker runs.
      const withdraw = declareChannels({ email: true, sms: false });
      await first.db.withTenant(owner.company.id, (tx) =>
        notify(tx, owner.company.id, {
          kind: 'licence.cnaps_expired',
          severity: 'critical',
          audience: { roles: ['admin'] },
          title: 'Survit au redémarrage',
          body: 'Carte CNAPS expirée',
        }),
      );
      withdraw();
      expect((await jobsSummary(first.db)).map((s) => [s.kind, s.status])).toEqual([
        ['notification.email', 'pending'],
      ]);
      await first.db.close();
      expect(smtp.mails).toEqual([]);

      const second = await start();
      await second.app.ready();
      try {
        for (let i = 0; i < 300 && smtp.mails.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(smtp.mails.map((m) => [m.subject, m.to])).toEqual([
          ['[Vigie] URGENT — Survit au redémarrage', [owner.user.email]],
        ]);
      } finally {
        await second.app.close();
        await second.db.close();
      }
    } finally {
      await smtp.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
