// Scheduled reports on both engines: created with their recipients (bad input refused in French),
// listed, run when due (a report of the last full week or month, built by the queue), then e-mailed
// with the file attached to each recipient through a real SMTP server; and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkerOf } from '../../db/jobs';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { type SmtpInbox, startSmtp } from '../notifications/test-support';
import { createSite } from '../planning/test-support';
import { nextRunAt, scheduledPeriod } from './schedule-time';
import { runDueSchedules } from './schedules.service';

describe('schedule times', () => {
  it('runs on Monday 06:00 or the 1st 06:00, local time, across a daylight-saving change', () => {
    // Thursday 23 October 2026, Paris (summer time until Sunday 25).
    const weekly = nextRunAt('weekly', 'Europe/Paris', new Date('2026-10-22T10:00:00Z'));
    expect(weekly.toISOString()).toBe('2026-10-26T05:00:00.000Z');
    const monthly = nextRunAt('monthly', 'Europe/Paris', new Date('2026-12-15T10:00:00Z'));
    expect(monthly.toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(scheduledPeriod('weekly', 'Europe/Paris', weekly)).toEqual({
      startDate: '2026-10-19',
      endDate: '2026-10-25',
    });
    expect(scheduledPeriod('monthly', 'Europe/Paris', monthly)).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });
});

describe.each(engines)('report schedules (%s)', (engine) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let owner: Tenant;
  let other: Tenant;
  let siteId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, {
      JOBS_POLL_INTERVAL_MS: '0',
      JOBS_RETRY_BASE_MS: '20',
      SMTP_URL: smtp.url,
    });
    owner = await registerCompany(t.app, { name: 'Veille Provence' });
    other = await registerCompany(t.app);
    siteId = (await createSite(t.app, owner, { name: 'Port de Marseille' })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: Tenant | null = owner,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'security',
    format: 'pdf',
    frequency: 'weekly',
    siteId,
    recipients: ['client@port-marseille.fr', 'direction@veille.fr'],
    ...extra,
  });

  it('creates, lists, runs when due and e-mails the report to each recipient', async () => {
    const res = await call('POST', '/api/reports/schedules', owner, body());
    expect(res.statusCode).toBe(201);
    const schedule = res.json();
    expect(schedule).toMatchObject({ frequency: 'weekly', site: 'Port de Marseille', lastRunAt: null });
    expect(new Date(schedule.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect((await call('GET', '/api/reports/schedules')).json()).toHaveLength(1);

    // Not due yet: nothing happens.
    expect(await runDueSchedules(t.db)).toBe(0);
    const runAt = new Date(new Date(schedule.nextRunAt).getTime() + 60_000);
    expect(await runDueSchedules(t.db, runAt)).toBe(1);
    expect(await runDueSchedules(t.db, runAt)).toBe(0);
    const [report] = (await call('GET', '/api/reports')).json();
    expect(report.title).toContain('Rapport de sécurité');
    expect(report.requestedBy).toContain('(planifié)');
    // The requester's own 'Rapport prêt' notification may come by e-mail too: only the report's mails count.
    const sent = () => smtp.mails.filter((m) => m.subject === report.title && m.text.includes('ci-joint'));
    for (let i = 0; i < 100 && sent().length < 2; i++) {
      await jobWorkerOf(t.db)?.runOnce();
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect((await call('GET', `/api/reports/${report.id}`)).json().status).toBe('Prêt');
    expect(
      sent()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['client@port-marseille.fr', 'direction@veille.fr']);
    const after = (await call('GET', '/api/reports/schedules')).json()[0];
    expect(after.lastRunAt).not.toBeNull();
    expect(new Date(after.nextRunAt).getTime()).toBeGreaterThan(runAt.getTime());

    expect((await call('DELETE', `/api/reports/schedules/${schedule.id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reports/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/reports/schedules/${schedule.id}`)).statusCode).toBe(404);

    // The journal names the schedule (its « Objet »), and finds it by that name.
    const journal = (await call('GET', '/api/audit?search=chaque%20semaine')).json();
    expect(
      journal.map((e: { action: string; details: { name?: string } }) => [e.action, e.details.name]),
    ).toEqual([
      ['report_schedule.deleted', 'Rapport de sécurité, chaque semaine (le lundi)'],
      ['report_schedule.created', 'Rapport de sécurité, chaque semaine (le lundi)'],
    ]);
  });

  it('refuses bad input in French, another company’s site, no session and agents', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ frequency: 'daily' }), 'Fréquence invalide'],
      [body({ recipients: [] }), 'Indiquez au moins un destinataire'],
      [body({ recipients: ['pas-une-adresse'] }), 'Adresse e-mail invalide'],
      [
        body({ recipients: Array.from({ length: 11 }, (_, i) => `r${i}@exemple.fr`) }),
        '10 destinataires au plus',
      ],
      [body({ type: 'weather' }), 'Type de rapport invalide'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/reports/schedules', owner, payload);
      expect(res.statusCode, message).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await call('POST', '/api/reports/schedules', other, body())).statusCode).toBe(404);
    expect((await call('GET', '/api/reports/schedules', other)).json()).toEqual([]);
    expect((await call('GET', '/api/reports/schedules', null)).statusCode).toBe(401);
    const agent = await addUser(t.app, owner, 'agent');
    expect((await call('GET', '/api/reports/schedules', agent)).statusCode).toBe(403);
    expect((await call('POST', '/api/reports/schedules', agent, body())).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/schedules')).json()).toEqual([]);
  });
});
