import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, login, registerCompany, type TestApp } from '../../test/harness';

describe.each(engines)('auth on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (payload: unknown, url = '/api/auth/register') =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

  it('registers a company and its owner administrator (two-object form)', async () => {
    const res = await register({
      company: {
        name: 'Sécurité Alpha',
        email: 'Contact@Alpha.fr',
        phone: '+33 1 23 45 67 89',
        address: '1 rue de Paris',
        subscription: 'pro',
      },
      admin: {
        name: 'Jeanne Martin',
        email: 'jeanne@alpha.fr',
        password: 'secret12',
        confirmPassword: 'secret12',
        phone: '0612345678',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.company).toMatchObject({
      name: 'Sécurité Alpha',
      email: 'contact@alpha.fr',
      subscription: 'pro',
    });
    expect(body.company.reference).toMatch(/^VG-\d{6}$/);
    expect(body.user).toMatchObject({
      name: 'Jeanne Martin',
      email: 'jeanne@alpha.fr',
      role: 'admin',
      isOwner: true,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it("accepts the specification's query-parameter form", async () => {
    const res = await register(
      { name: 'Beta Sécurité', email: 'contact@beta.fr', subscription: 'basic' },
      '/api/auth/register?user_name=Bob%20Leroy&user_email=bob@beta.fr&user_password=secret12&user_phone=0600000000',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ name: 'Bob Leroy', email: 'bob@beta.fr', isOwner: true });
  });

  it('rejects invalid registrations with French messages and writes nothing', async () => {
    const res = await register({
      company: { name: '', email: 'pas-un-email' },
      admin: { name: 'X', email: 'x@x.fr', password: '123', confirmPassword: '456' },
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toContain('Le mot de passe doit contenir au moins 8 caractères');
    expect(msgs).toContain('Les mots de passe ne correspondent pas');
    expect(msgs).toContain('Adresse e-mail invalide');
    const loginAttempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@x.fr', password: '123' },
    });
    expect(loginAttempt.statusCode).toBe(401);

    const legacy = await register({ name: 'Gamma', email: 'c@gamma.fr' });
    expect(legacy.statusCode).toBe(422);
    expect(legacy.json().detail[0].loc[0]).toBe('query');
  });

  it('answers 409 in French when the e-mail is taken, and creates no company', async () => {
    const first = await registerCompany(t.app);
    const res = await register({
      company: { name: 'Doublon', email: 'doublon@exemple.fr' },
      admin: { name: 'Doublon', email: first.user.email, password: 'secret12' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Cette adresse e-mail est déjà utilisée par un autre compte');
  });

  it('logs in, reads the profile, logs out and the token stops working', async () => {
    const tenant = await registerCompany(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: tenant.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(tenant.user.id);
    expect(me.json().company.id).toBe(tenant.company.id);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: tenant.auth });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: tenant.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toMatch(/Session expirée/);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const tenant = await registerCompany(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: tenant.user.email, password: 'mauvais!' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'personne@nulle-part.fr', password: 'mauvais!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('Email ou mot de passe incorrect');
  });

  it('throttles after 10 failures for one e-mail (429), even with the right password', async () => {
    const tenant = await registerCompany(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: tenant.user.email, password: `faux-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: tenant.user.email, password: tenant.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Trop de tentatives/);
  });

  it('throttles after 50 failures from one address', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 50; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `spray-${i}@exemple.fr`, password: 'faux' },
      });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: 'autre@exemple.fr', password: 'faux' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('rejects requests without or with a malformed token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer pas-un-vrai-jeton-du-tout-1234' },
    });
    expect(bad.statusCode).toBe(401);
    expect(typeof bad.json().detail).toBe('string');
  });

  it('expires a session after the idle timeout and after the absolute lifetime', async () => {
    const tenant = await registerCompany(t.app);
    // Age the session directly in the database (as the owner would see it after 31 idle minutes).
    const age = async (column: 'last_seen_at' | 'expires_at', value: string) => {
      await t.db.withTenant(tenant.company.id, (tx) =>
        tx.execute(
          `update sessions set ${column} = ${value} where company_id = '${tenant.company.id}'` as never,
        ),
      );
    };
    await age('last_seen_at', "now() - interval '31 minutes'");
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: tenant.auth })).statusCode,
    ).toBe(401);

    const again = await login(t.app, tenant.user.email, tenant.password);
    await age('expires_at', "now() - interval '1 second'");
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: again.auth })).statusCode).toBe(
      401,
    );
  });

  it('answers 400 for malformed JSON, 413 over 1 MB, 415 for another content type', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('Corps de requête JSON mal formé');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'bonjour',
    });
    expect(text.statusCode).toBe(415);
  });

  it('reports readiness with a role that row-level security applies to, without naming either', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // Public: ok, and nothing about the engine or the role (issue 29).
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toMatch(/pglite|postgres|vigie_app|role|engine/i);
    expect(await t.db.whoami()).toMatchObject({ role: 'vigie_app', superuser: false, bypassRls: false });
    expect(t.db.engine).toBe(engine);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
