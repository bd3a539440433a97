// Notifications in each reader's language: the same alarm reaches an English, a Spanish and a French
// operator, by e-mail (a real SMTP server) and Web Push (a local push service, decrypted as the
// browser does), each in his own language and timezone; the bell lists them in the reader's
// language; older rows (no values) are shown as they were written; French stays as it was.
import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions } from '../../db/schema';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { smsOf } from './delivery/messages';
import { notify } from './notifications.service';
import {
  browser,
  decrypt,
  drainJobs,
  type HttpReceiver,
  type SmtpInbox,
  startHttpReceiver,
  startSmtp,
} from './test-support';

describe.each(engines)('notifications in the reader’s language on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let service: HttpReceiver;

  beforeAll(async () => {
    smtp = await startSmtp();
    service = await startHttpReceiver();
    service.answer(201);
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Vigie <alertes@vigie.test>',
      PUBLIC_URL: 'https://vigie.test',
      JOBS_POLL_INTERVAL_MS: '0',
      JOBS_RETRY_BASE_MS: '20',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await service?.close();
  });

  const profile = async (who: Tenant, payload: { language: string; timezone?: string }) => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: who.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A browser subscribed for `who` at the local push service (stored as a browser would have it). */
  const phoneOf = async (who: Tenant, path: string) => {
    const b = browser();
    await t.db.withTenant(who.company.id, (tx) =>
      tx.insert(pushSubscriptions).values({
        companyId: who.company.id,
        userId: who.user.id,
        endpoint: `${service.url}${path}`,
        ...b.keys,
      }),
    );
    return b;
  };
  // Mail lines end in CRLF on the wire.
  const mailTo = (who: Tenant, about: string) => {
    const mail = smtp.mails.find((m) => m.to.includes(who.user.email) && m.subject.includes(about));
    return mail && { ...mail, text: mail.text.replace(/\r\n/g, '\n') };
  };
  const pushTo = (path: string, b: ReturnType<typeof browser>) => {
    const req = service.requests.find((r) => r.path === path);
    if (!req) throw new Error(`no push to ${path}`);
    return decrypt(req.body, b.ecdh, b.auth);
  };

  it('e-mails and pushes a new alarm to each operator in his language and timezone; French unchanged', async () => {
    const owner = await registerCompany(t.app);
    const english = await addUser(t.app, owner, 'operator');
    const spanish = await addUser(t.app, owner, 'operator');
    await profile(english, { language: 'en', timezone: 'Europe/London' });
    await profile(spanish, { language: 'es' });
    const englishPhone = await phoneOf(english, '/push/english');
    const spanishPhone = await phoneOf(spanish, '/push/spanish');
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: owner.auth,
      payload: { name: 'Entrepôt Nord', address: '12 rue des Docks, Le Havre' },
    });
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: owner.auth,
      payload: {
        siteId: site.json().id,
        type: 'fire',
        severity: 'critical',
        title: 'Incendie local {batteries}',
        description: 'Détection de fumée',
        location: 'Quai 3',
      },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    await drainJobs(t.db);
    const link = `https://vigie.test/dashboard/alarms?alarm=${raised.json().id}`;

    // English: every fixed text translated, the alarm's own words as they were typed.
    const en = mailTo(english, 'Incendie local');
    expect(en?.subject).toBe('[Vigie] URGENT — New critical alarm: Incendie local {batteries}');
    expect(en?.text).toContain(`Hello ${english.user.name},`);
    expect(en?.text).toContain('Site: Entrepôt Nord\nLocation: Quai 3\nDétection de fumée');
    expect(en?.text).toContain('Severity: Critical');
    expect(en?.text).toMatch(/Date: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(Europe\/London\)/);
    expect(en?.text).toContain(`Open in Vigie: ${link}`);
    expect(en?.text).toContain('You receive this message according to your notification preferences');
    expect(en?.html).toContain('<html lang="en">');
    expect(en?.html).toContain('Severity: <strong>Critical</strong>');
    expect(en?.html).not.toMatch(/Bonjour|Gravité|Ouvrir dans/);

    const es = mailTo(spanish, 'Incendie local');
    expect(es?.subject).toBe('[Vigie] URGENTE — Nueva alarma crítica: Incendie local {batteries}');
    expect(es?.text).toContain(`Hola, ${spanish.user.name}:`);
    expect(es?.text).toContain('Sitio: Entrepôt Nord\nUbicación: Quai 3\nDétection de fumée');
    expect(es?.text).toContain('Gravedad: Crítica');
    expect(es?.text).toMatch(/Fecha: \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2} \(Europe\/Paris\)/);
    expect(es?.html).toContain('<html lang="es">');

    // French: exactly as before.
    const fr = mailTo(owner, 'Incendie local');
    expect(fr?.subject).toBe('[Vigie] URGENT — Nouvelle alarme critique : Incendie local {batteries}');
    expect(fr?.text).toContain(`Bonjour ${owner.user.name},`);
    expect(fr?.text).toContain('Site : Entrepôt Nord\nEmplacement : Quai 3\nDétection de fumée');
    expect(fr?.text).toContain('Gravité : Critique');
    expect(fr?.text).toContain(`Ouvrir dans Vigie : ${link}`);
    expect(fr?.html).toContain('<html lang="fr">');
    expect(fr?.html).toContain('Gravité : <strong>Critique</strong>');

    expect(pushTo('/push/english', englishPhone)).toMatchObject({
      severity: 'critical',
      title: 'New critical alarm: Incendie local {batteries}',
      body: 'Site: Entrepôt Nord\nLocation: Quai 3\nDétection de fumée',
    });
    expect(pushTo('/push/spanish', spanishPhone)).toMatchObject({
      title: 'Nueva alarma crítica: Incendie local {batteries}',
      body: 'Sitio: Entrepôt Nord\nUbicación: Quai 3\nDétection de fumée',
    });
  });

  it('lists the bell in the reader’s language, and an older row as it was written', async () => {
    const owner = await registerCompany(t.app);
    const english = await addUser(t.app, owner, 'admin');
    const spanish = await addUser(t.app, owner, 'admin');
    await profile(english, { language: 'en' });
    await profile(spanish, { language: 'es' });
    await t.db.withTenant(owner.company.id, (tx) =>
      notify(tx, owner.company.id, {
        kind: 'report.ready',
        severity: 'info',
        audience: { roles: ['admin'] },
        title: 'Rapport prêt',
        body: '{title} est prêt à être téléchargé.',
        bodyValues: { title: 'Rapport {mensuel}' },
      }),
    );
    // Written before messages had values: the text as it is, braces included.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.insert(notifications).values({
        companyId: owner.company.id,
        userId: english.user.id,
        kind: 'report.ready',
        title: 'Rapport prêt',
        body: 'Ancien {texte} tel quel',
        createdAt: new Date('2020-01-01T00:00:00Z'),
      }),
    );
    const list = async (who: Tenant) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: who.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((n: { title: string; body: string }) => [n.title, n.body]);
    };
    expect(await list(english)).toEqual([
      ['Report ready', 'Rapport {mensuel} is ready to download.'],
      ['Rapport prêt', 'Ancien {texte} tel quel'],
    ]);
    expect(await list(spanish)).toEqual([['Informe listo', 'Rapport {mensuel} está listo para descargar.']]);
    expect(await list(owner)).toEqual([['Rapport prêt', 'Rapport {mensuel} est prêt à être téléchargé.']]);

    // Marking one read answers it in the reader's language too.
    const [first] = await t.db.withTenant(owner.company.id, (tx) =>
      tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.companyId, owner.company.id), eq(notifications.userId, spanish.user.id))),
    );
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${first?.id}/read`,
      headers: spanish.auth,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().title).toBe('Informe listo');
  });
});

describe('SMS in the recipient’s language', () => {
  const base = {
    id: '00000000-0000-0000-0000-000000000001',
    kind: 'alarm.fire',
    severity: 'critical' as const,
    title: 'Nouvelle alarme critique : {title}',
    titleValues: { title: 'Incendie' },
    body: 'Site : {site}\nEmplacement : {location}\n{description}',
    bodyValues: { site: 'Entrepôt', location: 'Quai 3', description: 'Fumée' },
    link: null,
    createdAt: new Date('2026-03-16T10:00:00Z'),
    name: 'Claire',
    timezone: 'Europe/Paris',
  };
  it('writes it in English, Spanish and, unchanged, French', () => {
    expect(smsOf({ ...base, language: 'en' })).toBe(
      'Vigie URGENT: New critical alarm: Incendie. Site: Entrepot Location: Quai 3 Fumée',
    );
    expect(smsOf({ ...base, language: 'es' })).toBe(
      'Vigie URGENTE: Nueva alarma critica: Incendie. Sitio: Entrepot Ubicacion: Quai 3 Fumée',
    );
    expect(smsOf({ ...base, language: 'fr' })).toBe(
      'Vigie URGENT : Nouvelle alarme critique : Incendie. Site : Entrepot Emplacement : Quai 3 Fumée',
    );
  });
});

describe('the notifications catalogue', () => {
  /** The names of a message's arguments, from its compiled form. */
  const argumentsOf = (text: string) => {
    const names = new Set<string>();
    const walk = (part: unknown) => {
      if (!Array.isArray(part)) return;
      for (const token of part) {
        if (!Array.isArray(token)) continue;
        if (typeof token[0] === 'string') names.add(token[0]);
        const options = token[2];
        if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
      }
    };
    walk(compileMessage(text));
    return [...names].sort().join();
  };
  it('translates every message in English and Spanish with the same arguments', () => {
    for (const language of ['en', 'es']) {
      const path = new URL(`../../locales/${language}/notifications.json`, import.meta.url);
      const messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      for (const [id, text] of Object.entries(messages)) {
        expect(text.trim(), id).not.toBe('');
        expect(argumentsOf(text), `${language}: ${id}`).toBe(argumentsOf(id));
      }
    }
  });
});
