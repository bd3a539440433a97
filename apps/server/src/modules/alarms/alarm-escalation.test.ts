// Escalation with an explicit clock (no fake timers); its notification leaves through the
// notifications' delivery queue to a real SMTP server on a local port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { drainJobs, type SmtpInbox, startSmtp } from '../notifications/test-support';
import { escalateDueAlarms } from './alarm-escalation';

describe.each(engines)('alarm escalation on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpInbox;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Vigie <alertes@vigie.test>',
      PUBLIC_URL: 'https://vigie.test',
      JOBS_POLL_INTERVAL_MS: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const create = async (tenant: Tenant, siteId: string, severity: string, title: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/alarms',
        headers: tenant.auth,
        payload: { siteId, severity, title, description: 'Porte forcée', location: 'Accès B' },
      })
    ).json();

  it('escalates once the serious alarms left unacknowledged, records it and e-mails admins and operators', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    await addUser(t.app, owner, 'agent');
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Usine Est', address: 'Zone industrielle' },
      })
    ).json().id;
    const critical = await create(owner, siteId, 'critical', 'Intrusion critique');
    const high = await create(owner, siteId, 'high', 'Intrusion importante');
    const medium = await create(owner, siteId, 'medium', 'Intrusion moyenne');
    const handled = await create(owner, siteId, 'critical', 'Déjà prise en charge');
    await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${handled.id}/acknowledge`,
      headers: operator.auth,
    });

    // Four minutes later nothing is due; six minutes later the two serious active ones are.
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await escalateDueAlarms(t.db, { minutes: 5, now: at(4) })).toBe(0);
    expect(await escalateDueAlarms(t.db, { minutes: 5, now: at(6) })).toBe(2);
    // Once only.
    expect(await escalateDueAlarms(t.db, { minutes: 5, now: at(7) })).toBe(0);
    await drainJobs(t.db);

    const get = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/alarms/${id}`, headers: owner.auth })).json();
    const c = await get(critical.id);
    expect(c.escalatedAt).not.toBeNull();
    expect(c.status).toBe('active');
    expect(c.timeline.at(-1)).toMatchObject({
      kind: 'escalated',
      author: 'Système',
      note: 'non acquittée après 5 min',
    });
    expect(c.actions.at(-1)).toContain('Alarme escaladée (non acquittée après 5 min)');
    expect((await get(high.id)).escalatedAt).not.toBeNull();
    expect((await get(medium.id)).escalatedAt).toBeNull();
    expect((await get(handled.id)).escalatedAt).toBeNull();

    // One e-mail per escalated alarm and recipient (administrators and operators), among the
    // e-mails of the new alarms.
    const mails = smtp.mails.filter((m) => m.subject.includes('non acquittée'));
    expect(mails).toHaveLength(4);
    const ofCritical = mails.filter((m) => m.subject.includes('Intrusion critique'));
    expect(ofCritical.flatMap((m) => m.to).sort()).toEqual([owner.user.email, operator.user.email].sort());
    expect([...new Set(mails.map((m) => m.subject))].sort()).toEqual([
      '[Vigie] URGENT — Alarme critique non acquittée : Intrusion critique',
      '[Vigie] URGENT — Alarme importante non acquittée : Intrusion importante',
    ]);
    const text = ofCritical[0]?.text ?? '';
    expect(text).toContain("L'alarme « Intrusion critique » n'a pas été acquittée depuis 5 minutes.");
    expect(text).toContain('Site : Usine Est');
    expect(text).toContain(`https://vigie.test/dashboard/alarms?alarm=${critical.id}`);
  });

  it('escalates without e-mail for those who switched e-mail off', async () => {
    const owner = await registerCompany(t.app);
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'S', address: 'A' },
      })
    ).json().id;
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: owner.auth })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: owner.auth,
      payload: { ...current, emailAlerts: false },
    });
    const a = await create(owner, siteId, 'high', 'Sans courriel');
    expect(await escalateDueAlarms(t.db, { minutes: 1, now: new Date(Date.now() + 120_000) })).toBe(1);
    await drainJobs(t.db);
    expect(smtp.mails.filter((m) => m.subject.includes('Sans courriel'))).toEqual([]);
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/alarms/${a.id}`, headers: owner.auth })
    ).json();
    expect(got.escalatedAt).not.toBeNull();
  });
});
