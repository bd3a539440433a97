// Client addresses, sign-in limits and public links over HTTP, on both engines: a spoofed
// X-Forwarded-For behind a trusted proxy changes nothing, X-Forwarded-Host never reaches a
// verification URL, accounts lock from many addresses, an IPv6 /64 counts as one address, the IP
// allowlist answers before the password is looked at, registration is limited per address, and on
// PostgreSQL two instances on one database share their counts.

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, parseTrustProxy, publicBaseUrl } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { createReport, createSite, drawnSignature, fullReport, post } from '../security-reports/test-support';
import {
  DatabaseThrottleStore,
  DEFAULT_MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_IP,
  WINDOW_MS,
} from './login-throttle';

const signIn = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers,
  });

describe('TRUST_PROXY and the public address (configuration)', () => {
  it('refuses TRUST_PROXY=true at start-up with a message that says what to set', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true is refused.*TRUST_PROXY=127\.0\.0\.1/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, pas-une-adresse' })).toThrow(/"pas-une-adresse"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('takes addresses, ranges, proxy-addr names or a hop count; unset or false trusts nobody', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.7/8 ,fd00::/8,loopback')).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('builds public links from PUBLIC_URL, else the configured listen address, never from a request', () => {
    expect(publicBaseUrl({ publicUrl: 'https://vigie.example.fr/', host: '0.0.0.0', port: 8080 })).toBe(
      'https://vigie.example.fr',
    );
    expect(publicBaseUrl({ publicUrl: undefined, host: '0.0.0.0', port: 8080 })).toBe(
      'http://localhost:8080',
    );
    expect(publicBaseUrl({ publicUrl: undefined, host: '192.0.2.5', port: 9000 })).toBe(
      'http://192.0.2.5:9000',
    );
    expect(publicBaseUrl({ publicUrl: undefined, host: '2001:db8::5', port: 80 })).toBe(
      'http://[2001:db8::5]:80',
    );
  });
});

describe.each(engines)('client addresses and sign-in limits on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  beforeAll(async () => {
    // The inject client (127.0.0.1) is the reverse proxy; any other address is a direct client.
    t = await createTestApp(engine, { TRUST_PROXY: '127.0.0.1' });
    owner = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a spoofed X-Forwarded-For through the trusted proxy changes nothing: the last untrusted hop is the client', async () => {
    const company = await registerCompany(t.app);
    const site = (headers: Record<string, string>, remoteAddress?: string, name = 'Site') =>
      t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: { ...company.auth, ...headers },
        payload: { name, address: '1 rue de la Paix, Paris' },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    expect(
      (await site({ 'x-forwarded-for': '10.1.2.3, 203.0.113.9' }, undefined, 'Par le proxy')).statusCode,
    ).toBe(201);
    // A direct client's X-Forwarded-For is not believed at all.
    expect((await site({ 'x-forwarded-for': '10.1.2.3' }, '198.51.100.7', 'En direct')).statusCode).toBe(201);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=site.created',
      headers: company.auth,
    });
    const ips = Object.fromEntries(
      (audit.json() as { details: { name: string }; ip: string }[]).map((e) => [e.details.name, e.ip]),
    );
    expect(ips).toEqual({ 'Par le proxy': '203.0.113.9', 'En direct': '198.51.100.7' });

    // The company allows 10.0.0.0/8 only: a forged first hop does not get in, the real one does.
    await t.db.withTenant(company.company.id, (tx) =>
      tx.execute(
        sql`update companies set ip_allowlist = array['10.0.0.0/8'] where id = ${company.company.id}`,
      ),
    );
    const forged = await signIn(t.app, company.user.email, company.password, '127.0.0.1', {
      'x-forwarded-for': '10.1.2.3, 203.0.113.9',
    });
    expect(forged.statusCode).toBe(403);
    const direct = await signIn(t.app, company.user.email, company.password, '198.51.100.8', {
      'x-forwarded-for': '10.1.2.3',
    });
    expect(direct.statusCode).toBe(403);
    const real = await signIn(t.app, company.user.email, company.password, '127.0.0.1', {
      'x-forwarded-for': '10.1.2.3',
    });
    expect(real.statusCode, real.body).toBe(200);
  });

  it('checks the IP allowlist before the password: a wrong password from a refused address answers as a right one', async () => {
    const company = await registerCompany(t.app);
    await t.db.withTenant(company.company.id, (tx) =>
      tx.execute(
        sql`update companies set ip_allowlist = array['192.0.2.0/24'] where id = ${company.company.id}`,
      ),
    );
    const right = await signIn(t.app, company.user.email, company.password, '203.0.113.20');
    const wrong = await signIn(t.app, company.user.email, 'pas-le-bon-mot-de-passe', '203.0.113.21');
    expect(right.statusCode).toBe(403);
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: right.statusCode,
      body: right.json(),
    });
    expect(right.json().detail).toMatch(/^Accès refusé depuis cette adresse IP/);
    // An unknown e-mail from anywhere: the usual 401; from the allowed range, the right password works.
    expect((await signIn(t.app, 'personne@exemple.fr', 'x', '203.0.113.22')).statusCode).toBe(401);
    expect((await signIn(t.app, company.user.email, company.password, '192.0.2.9')).statusCode).toBe(200);
  });

  it('locks an account after 10 failures from 10 addresses (French 429), even for the right password', async () => {
    const company = await registerCompany(t.app);
    for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT; i++) {
      const r = await signIn(t.app, company.user.email, 'mauvais', `198.51.100.${100 + i}`);
      expect(r.statusCode).toBe(401);
    }
    const locked = await signIn(t.app, company.user.email, company.password, '192.0.2.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^Trop de tentatives de connexion/);
    // The e-mail's case does not make another account.
    expect(
      (await signIn(t.app, company.user.email.toUpperCase(), company.password, '192.0.2.98')).statusCode,
    ).toBe(429);
    // Another account from the same addresses is not affected.
    expect((await signIn(t.app, owner.user.email, owner.password, '198.51.100.100')).statusCode).toBe(200);
  });

  it('a success clears the account count: 9 failures, a sign-in, 9 failures again and no lock', async () => {
    const company = await registerCompany(t.app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT - 1; i++)
        expect((await signIn(t.app, company.user.email, 'mauvais', `198.51.101.${i}`)).statusCode).toBe(401);
      expect((await signIn(t.app, company.user.email, company.password, '198.51.101.200')).statusCode).toBe(
        200,
      );
    }
  });

  it('counts an IPv6 /64 as one address: 50 failures from 50 addresses of it block the whole /64 only', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const r = await signIn(
        t.app,
        `v6-${i}@exemple.fr`,
        'mauvais',
        `2001:db8:42:7::${(i + 1).toString(16)}`,
      );
      expect(r.statusCode).toBe(401);
    }
    expect((await signIn(t.app, owner.user.email, owner.password, '2001:db8:42:7:ffff::1')).statusCode).toBe(
      429,
    );
    expect((await signIn(t.app, owner.user.email, owner.password, '2001:db8:42:8::1')).statusCode).toBe(200);
  });

  it('never builds a verification URL from X-Forwarded-Host or Host', async () => {
    const company = await registerCompany(t.app);
    const site = await createSite(t.app, company, 'Entrepôt');
    const report = await createReport(
      t.app,
      company,
      fullReport(site.id, { responsibleSignature: await drawnSignature() }),
    );
    expect((await post(t.app, company, `/api/security-reports/${report.id}/finalize`)).statusCode).toBe(200);
    const exported = await t.app.inject({
      method: 'POST',
      url: `/api/security-reports/${report.id}/export-excel`,
      headers: {
        ...company.auth,
        host: 'hote-choisi.example',
        'x-forwarded-host': 'piege.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().url, headers: company.auth });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const links: string[] = [];
    wb.getWorksheet('Rapport')?.eachRow((row) => {
      row.eachCell((c) => {
        if (typeof c.value === 'object' && c.value && 'hyperlink' in c.value)
          links.push(String(c.value.hyperlink));
      });
    });
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${publicBaseUrl(t.config)}/verification/[0-9a-f]{64}$`));
    expect(links[0]).toBe('http://localhost:8080/verification/' + links[0]?.split('/').pop());
  });

  it('purges throttle rows whose window and lock are over', async () => {
    const store = new DatabaseThrottleStore(t.db.direct, (k) => `test:${k}`, Number.POSITIVE_INFINITY);
    const rule = { max: 2, windowMs: WINDOW_MS, lockMs: 2 * WINDOW_MS };
    await store.fail(
      [
        { key: 'purge-a', rule },
        { key: 'purge-b', rule: { ...rule, max: 99 } },
      ],
      0,
    );
    await store.fail([{ key: 'purge-a', rule }], 1000);
    expect(await store.read(['purge-a', 'purge-b'], 1000)).toEqual(
      new Map([
        ['purge-a', { failures: 2, lockedUntil: 1000 + 2 * WINDOW_MS }],
        ['purge-b', { failures: 1, lockedUntil: null }],
      ]),
    );
    // After the window: b goes, a stays while locked.
    expect(await store.purge(WINDOW_MS + 1)).toBe(1);
    expect([...(await store.read(['purge-a', 'purge-b'], WINDOW_MS + 1)).keys()]).toEqual(['purge-a']);
    expect(await store.purge(1000 + 2 * WINDOW_MS)).toBe(1);
    const left = rowsOf<{ n: number }>(
      await t.db.direct.execute(sql`select count(*)::int as n from login_throttle where key like 'test:%'`),
    );
    expect(left[0]?.n).toBe(0);
  });

  it('stores no e-mail or address in clear', async () => {
    await signIn(t.app, 'en-clair@exemple.fr', 'mauvais', '198.51.102.1');
    const rows = rowsOf<{ key: string }>(await t.db.direct.execute(sql`select key from login_throttle`));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).not.toMatch(/@|198\.51/);
  });
});

describe.each(engines)('registration limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { REGISTER_LIMIT_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  let n = 0;
  const register = (remoteAddress: string) => {
    n++;
    const password = 'essai-vigie-1';
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      payload: {
        company: { name: `Limite ${n}`, email: `limite-${n}@exemple.fr`, subscription: 'basic' },
        admin: {
          name: `Admin ${n}`,
          email: `limite-admin-${n}@exemple.fr`,
          password,
          confirmPassword: password,
        },
      },
    });
  };

  it('accepts 3 registrations per address and hour, then a French 429; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) expect((await register('198.51.100.30')).statusCode).toBe(201);
    const refused = await register('198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      detail: 'Trop de créations de compte depuis cette adresse : veuillez réessayer dans une heure',
    });
    expect((await register('198.51.100.31')).statusCode).toBe(201);
  });

  it('counts an IPv6 /64 as one address, and invalid attempts count too', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '2001:db8:9:1::1',
      payload: { company: {} },
    });
    expect(bad.statusCode).toBe(422);
    expect((await register('2001:db8:9:1::2')).statusCode).toBe(201);
    expect((await register('2001:db8:9:1::3')).statusCode).toBe(201);
    expect((await register('2001:db8:9:1:ffff::4')).statusCode).toBe(429);
    expect((await register('2001:db8:9:2::1')).statusCode).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-in counts across two instances on PostgreSQL', () => {
  let a: TestApp;
  let bApp: FastifyInstance;
  let bDb: Database;
  let owner: Tenant;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    bDb = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 5 });
    bApp = await buildApp({ config: a.config, db: bDb });
    await bApp.ready();
    owner = await registerCompany(a.app);
  });
  afterAll(async () => {
    await bApp.close();
    await bDb.close();
    await a.close();
  });

  it('an account locked by failures spread over both instances is locked on both', async () => {
    const victim = await registerCompany(a.app);
    for (let i = 0; i < DEFAULT_MAX_FAILURES_PER_ACCOUNT; i++) {
      const app = i % 2 === 0 ? a.app : bApp;
      expect((await signIn(app, victim.user.email, 'mauvais', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await signIn(a.app, victim.user.email, victim.password, '192.0.2.1')).statusCode).toBe(429);
    expect((await signIn(bApp, victim.user.email, victim.password, '192.0.2.1')).statusCode).toBe(429);
  });

  it('an address blocked by 50 failures spread over both instances is blocked on both', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const app = i % 2 === 0 ? a.app : bApp;
      expect((await signIn(app, `multi-${i}@exemple.fr`, 'mauvais', '203.0.113.50')).statusCode).toBe(401);
    }
    expect((await signIn(a.app, owner.user.email, owner.password, '203.0.113.50')).statusCode).toBe(429);
    expect((await signIn(bApp, owner.user.email, owner.password, '203.0.113.50')).statusCode).toBe(429);
    expect((await signIn(bApp, owner.user.email, owner.password, '203.0.113.51')).statusCode).toBe(200);
  });
});
