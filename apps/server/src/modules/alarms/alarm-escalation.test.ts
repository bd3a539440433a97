// Escalation with an explicit clock (no fake timers) and a real SMTP server on a local port.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { escalateDueAlarms } from './alarm-escalation';
import { createMailer, type Mailer } from './alarm-mailer';

/** Just enough MIME to read what nodemailer sent (quoted-printable body, encoded-word subject). */
const qp = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const parse = (raw: string) => {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  return { subject: subject.replace(/\s+/g, ' ').replace(/\?= =\?/g, ''), text: qp(body.join('\n\n')) };
};

interface Received {
  to: string[];
  raw: string;
}

describe.each(engines)('alarm escalation on %s', (engine) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let mailer: Mailer;
  const inbox: Received[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => {
          raw += c.toString();
        });
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Vigie <alertes@vigie.test>') as Mailer;
  });
  afterAll(async () => {
    mailer.close();
    await new Promise<void>((r) => smtp.close(() => r()));
    await t.close();
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
    expect(await escalateDueAlarms(t.db, { minutes: 5, mailer, now: at(4) })).toBe(0);
    const inboxBefore = inbox.length;
    expect(
      await escalateDueAlarms(t.db, { minutes: 5, mailer, now: at(6), publicUrl: 'https://vigie.test' }),
    ).toBe(2);
    // Once only.
    expect(await escalateDueAlarms(t.db, { minutes: 5, mailer, now: at(7) })).toBe(0);

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

    const mails = inbox.slice(inboxBefore);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.to.sort()).toEqual([owner.user.email, operator.user.email].sort());
    const parsed = mails.map((m) => parse(m.raw));
    const squash = (v: string | undefined) => (v ?? '').replace(/\s+/g, '');
    expect(parsed.map((p) => squash(p.subject)).sort()).toEqual(
      [
        '[Vigie] Alarme critique non acquittée : Intrusion critique',
        '[Vigie] Alarme important non acquittée : Intrusion importante',
      ].map(squash),
    );
    const text = parsed.find((p) => p.subject?.includes('critique'))?.text ?? '';
    expect(text).toContain('Site : Usine Est');
    expect(text).toContain('https://vigie.test/dashboard/alarms');
  });

  it('escalates without e-mail when SMTP is not configured', async () => {
    const owner = await registerCompany(t.app);
    const siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'S', address: 'A' },
      })
    ).json().id;
    const a = await create(owner, siteId, 'high', 'Sans courriel');
    const before = inbox.length;
    expect(
      await escalateDueAlarms(t.db, { minutes: 1, mailer: null, now: new Date(Date.now() + 120_000) }),
    ).toBe(1);
    expect(inbox.length).toBe(before);
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/alarms/${a.id}`, headers: owner.auth })
    ).json();
    expect(got.escalatedAt).not.toBeNull();
  });
});
