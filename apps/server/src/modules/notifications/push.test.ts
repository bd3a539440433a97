// Web Push: the VAPID key, subscriptions (validation, isolation), and a delivery to a local push
// service that checks what a real one would — the VAPID signature — and decrypts the message as
// the browser does (RFC 8291, aes128gcm), with the browser's own key pair held by the test.
import { createPublicKey, verify } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { pushSubscriptions, users } from '../../db/schema';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { notify } from './notifications.service';
import { browser, decrypt, drainJobs, type HttpReceiver, startHttpReceiver } from './test-support';

/** Checks the VAPID header (RFC 8292) as a push service does; answers the token's claims. */
function checkVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token = '', key = ''] = match;
  expect(key).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;

describe.each(engines)('Web Push on %s', (engine) => {
  let t: TestApp;
  let service: HttpReceiver;

  beforeAll(async () => {
    service = await startHttpReceiver();
    t = await createTestApp(engine, { JOBS_POLL_INTERVAL_MS: '0', JOBS_RETRY_BASE_MS: '20' });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const subscribe = (who: Tenant, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: { ...who.auth, 'user-agent': 'Mozilla/5.0 (Test) Firefox/140.0' },
      payload: payload as object,
    });
  const unsubscribe = (who: Tenant, endpoint: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/push/subscriptions',
      headers: who.auth,
      payload: { endpoint },
    });
  const stored = (who: Tenant) =>
    t.db.withTenant(who.company.id, (tx) =>
      tx
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.companyId, who.company.id)),
    );

  it('queues only the channels this app can deliver (no SMTP, no SMS gateway here: push only)', async () => {
    const owner = await registerCompany(t.app);
    await t.db.withTenant(owner.company.id, (tx) =>
      tx
        .update(users)
        .set({ phone: '+33612345678' })
        .where(and(eq(users.companyId, owner.company.id), eq(users.id, owner.user.id))),
    );
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.insert(pushSubscriptions).values({
        companyId: owner.company.id,
        userId: owner.user.id,
        endpoint: `${service.url}/push/queued-only`,
        ...browser().keys,
      }),
    );
    // Read in the notifying transaction itself: no worker can have taken anything yet.
    const queued = await t.db.withTenant(owner.company.id, async (tx) => {
      await notify(tx, owner.company.id, {
        kind: 'radio.sos',
        severity: 'critical',
        audience: { userIds: [owner.user.id] },
        title: 'Seulement en push',
        body: 'Ni e-mail ni SMS sur ce serveur',
      });
      return rowsOf<{ kind: string; jobs: number }>(
        await tx.execute(sql`select kind, jobs::int as jobs from jobs_summary()`),
      );
    });
    expect(queued).toEqual([{ kind: 'notification.push', jobs: 1 }]);
    await drainJobs(t.db);
  });

  it('gives the VAPID public key to a signed-in user only', async () => {
    const owner = await registerCompany(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/push/key',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/push/key' })).statusCode).toBe(401);
  });

  it("stores a browser's subscription (once per address) and removes it on request", async () => {
    const owner = await registerCompany(t.app);
    const endpoint = fcm(`abc-${Date.now()}`);
    const created = await subscribe(owner, { endpoint, expirationTime: null, keys: browser().keys });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ endpoint, id: expect.any(String), createdAt: expect.any(String) });
    // The same browser again (new keys): still one subscription.
    const again = await subscribe(owner, { endpoint, keys: browser().keys });
    expect(again.json().id).toBe(created.json().id);
    expect(await stored(owner)).toHaveLength(1);
    expect((await unsubscribe(owner, endpoint)).statusCode).toBe(204);
    expect(await stored(owner)).toEqual([]);
    const gone = await unsubscribe(owner, endpoint);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('Abonnement introuvable pour ce navigateur');
  });

  it('refuses what is not a browser subscription, in French (422)', async () => {
    const owner = await registerCompany(t.app);
    const keys = browser().keys;
    const cases: [unknown, string, string][] = [
      [
        { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys },
        'endpoint',
        "Adresse d'abonnement invalide",
      ],
      [{ endpoint: 'https://169.254.169.254/latest', keys }, 'endpoint', "Adresse d'abonnement invalide"],
      [
        { endpoint: 'https://evil.example.com/fcm.googleapis.com', keys },
        'endpoint',
        "Adresse d'abonnement invalide",
      ],
      [{ endpoint: fcm('x'.repeat(2100)), keys }, 'endpoint', 'ne doit pas dépasser 2048 caractères'],
      [
        { endpoint: fcm('a'), keys: { ...keys, p256dh: keys.p256dh.slice(2) } },
        'keys.p256dh',
        'Clé de chiffrement',
      ],
      [
        { endpoint: fcm('a'), keys: { ...keys, auth: 'pas+du*base64' } },
        'keys.auth',
        "Secret d'authentification",
      ],
      [{ endpoint: fcm('a') }, 'keys', "Les clés de l'abonnement"],
      // The right length, but not a point of the curve.
      [
        { endpoint: fcm('a'), keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } },
        'keys.p256dh',
        'Clé de chiffrement',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await subscribe(owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      const issue = res.json().detail.find((d: { loc: string[] }) => d.loc.join('.') === `body.${field}`);
      expect(issue?.msg, res.body).toContain(message);
    }
    expect(await stored(owner)).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      payload: { endpoint: fcm('a'), keys },
    });
    expect(anonymous.statusCode).toBe(401);
    const anonymousDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/notifications/push/subscriptions',
      payload: { endpoint: fcm('a') },
    });
    expect(anonymousDelete.statusCode).toBe(401);
  });

  it("keeps each user's subscriptions theirs: no one else, in or out of the company, removes them", async () => {
    const a = await registerCompany(t.app);
    const colleague = await addUser(t.app, a, 'operator');
    const b = await registerCompany(t.app);
    const endpoint = fcm(`shared-${Date.now()}`);
    expect((await subscribe(a, { endpoint, keys: browser().keys })).statusCode).toBe(201);
    expect((await unsubscribe(b, endpoint)).statusCode).toBe(404);
    expect((await unsubscribe(colleague, endpoint)).statusCode).toBe(404);
    // The same address in company B is B's own row; A's stays A's.
    expect((await subscribe(b, { endpoint, keys: browser().keys })).statusCode).toBe(201);
    expect((await stored(a)).map((s) => s.userId)).toEqual([a.user.id]);
    expect((await stored(b)).map((s) => s.userId)).toEqual([b.user.id]);
  });

  it('delivers an encrypted, signed message the browser can read; a gone subscription is dropped', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const publicKey = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/push/key', headers: owner.auth })
    ).json().publicKey as string;
    const phone = browser();
    // The push service is local (http): stored as a browser would have it, past the API's https rule.
    const insert = (who: Tenant, path: string, b: ReturnType<typeof browser>) =>
      t.db.withTenant(who.company.id, (tx) =>
        tx
          .insert(pushSubscriptions)
          .values({
            companyId: who.company.id,
            userId: who.user.id,
            endpoint: `${service.url}${path}`,
            p256dh: b.keys.p256dh,
            auth: b.keys.auth,
          })
          .returning({ id: pushSubscriptions.id }),
      );
    await insert(owner, '/push/owner-phone', phone);
    await insert(operator, '/push/operator-laptop', browser());
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: operator.auth,
      payload: {
        emailAlerts: true,
        smsAlerts: false,
        pushNotifications: false,
        criticalOnly: false,
        weekendAlerts: true,
        maintenanceNotifications: true,
      },
    });
    service.answer(201);
    const before = service.requests.length;
    await t.db.withTenant(owner.company.id, (tx) =>
      notify(tx, owner.company.id, {
        kind: 'radio.sos',
        severity: 'critical',
        audience: { roles: ['admin', 'operator'] },
        title: 'SOS radio — Agent Dupont',
        body: "Contacter l'agent immédiatement",
        link: '/dashboard/radio',
      }),
    );
    await drainJobs(t.db);
    const got = service.requests.slice(before);
    // Push switched off for the operator: only the owner's phone.
    expect(got.map((r) => r.path)).toEqual(['/push/owner-phone']);
    const req = got[0];
    if (!req) throw new Error('no push request');
    expect(req.method).toBe('POST');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe('86400');
    expect(req.headers.urgency).toBe('high');
    const claims = checkVapid(req.headers.authorization, publicKey);
    expect(claims.aud).toBe(service.url);
    expect(claims.sub).toBe('mailto:alertes@vigie.local');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const message = decrypt(req.body, phone.ecdh, phone.auth);
    expect(message).toMatchObject({
      kind: 'radio.sos',
      severity: 'critical',
      title: 'SOS radio — Agent Dupont',
      body: "Contacter l'agent immédiatement",
      link: '/dashboard/radio',
    });
    const [sub] = await t.db.withTenant(owner.company.id, (tx) =>
      tx
        .select({ lastSuccessAt: pushSubscriptions.lastSuccessAt })
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.companyId, owner.company.id), eq(pushSubscriptions.userId, owner.user.id)),
        ),
    );
    expect(sub?.lastSuccessAt).not.toBeNull();

    // The browser unsubscribed behind our back: the service answers 410 and the subscription goes.
    service.answer(410);
    await t.db.withTenant(owner.company.id, (tx) =>
      notify(tx, owner.company.id, {
        kind: 'licence.cnaps_expired',
        severity: 'warning',
        audience: { userIds: [owner.user.id] },
        title: 'Carte CNAPS expirée',
        body: 'Agent Martin',
      }),
    );
    await drainJobs(t.db);
    service.answer(201);
    expect((await stored(owner)).filter((s) => s.userId === owner.user.id)).toEqual([]);
  });
});
