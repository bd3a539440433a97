// Paramètres made real on the sign-in side: profile, password (checked, common ones refused, other
// sessions ended, expiry forcing a change), two-factor sign-in (TOTP computed here, recovery codes
// used once), the company's idle timeout, IP allowlist (IPv4 and IPv6) and maintenance mode.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  login,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { totpAt } from './totp';

describe.each(engines)('account security on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const asCompany = (companyId: string, query: ReturnType<typeof sql>) =>
    t.db.withTenant(companyId, (tx) => tx.execute(query));
  const get = (url: string, who: Tenant, remoteAddress?: string) =>
    t.app.inject({ method: 'GET', url, headers: who.auth, ...(remoteAddress ? { remoteAddress } : {}) });
  const post = (url: string, who: Tenant | null, payload: Record<string, unknown>, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: who?.auth ?? {},
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('edits the profile; a new e-mail takes the current password and must be free', async () => {
    const owner = await registerCompany(t.app);
    const profile = await get('/api/me/profile', owner);
    expect(profile.json()).toMatchObject({
      email: owner.user.email,
      language: 'fr',
      timezone: 'Europe/Paris',
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: owner.auth,
      payload: { name: 'Claire Martin', phone: '+33612345678', timezone: 'Europe/London', language: 'en' },
    });
    expect(edit.json()).toMatchObject({
      name: 'Claire Martin',
      phone: '+33612345678',
      timezone: 'Europe/London',
    });
    const noPassword = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: owner.auth,
      payload: { email: 'claire.martin@exemple.fr' },
    });
    expect(noPassword.statusCode).toBe(422);
    // The profile now reads English (issue 35): so do its errors.
    expect(noPassword.json().detail[0].msg).toBe('Enter your current password to change your email');
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: owner.auth,
      payload: { email: 'claire.martin@exemple.fr', currentPassword: 'pas-le-bon' },
    });
    expect(wrong.json().detail[0].msg).toBe('The current password is incorrect');
    const other = await registerCompany(t.app);
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: owner.auth,
      payload: { email: other.user.email, currentPassword: owner.password },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: owner.auth,
      payload: { timezone: 'Mars/Olympus', language: 'de' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/profile' })).statusCode).toBe(401);
    // The other company's profile is its own.
    expect((await get('/api/me/profile', other)).json().email).toBe(other.user.email);
  });

  it('changes the password: current one checked, common ones refused, other sessions ended', async () => {
    const owner = await registerCompany(t.app);
    const second = await login(t.app, owner.user.email, owner.password);
    const change = (payload: Record<string, unknown>) => post('/api/me/password', owner, payload);
    const mismatch = await change({
      currentPassword: owner.password,
      newPassword: 'Rondes-de-nuit-42',
      confirmPassword: 'autre',
    });
    expect(mismatch.json().detail[0].msg).toBe('Les mots de passe ne correspondent pas.');
    const short = await change({
      currentPassword: owner.password,
      newPassword: 'court',
      confirmPassword: 'court',
    });
    expect(short.json().detail[0].msg).toBe('Le nouveau mot de passe doit contenir au moins 8 caractères');
    const common = await change({
      currentPassword: owner.password,
      newPassword: 'password1',
      confirmPassword: 'password1',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().detail[0].msg).toBe(
      'Ce mot de passe fait partie des plus courants : choisissez-en un autre',
    );
    const azerty = await change({
      currentPassword: owner.password,
      newPassword: 'azertyuiop',
      confirmPassword: 'azertyuiop',
    });
    expect(azerty.statusCode).toBe(422);
    const wrong = await change({
      currentPassword: 'pas-le-bon',
      newPassword: 'Rondes-de-nuit-42',
      confirmPassword: 'Rondes-de-nuit-42',
    });
    expect(wrong.json().detail[0].msg).toBe('Le mot de passe actuel est incorrect');
    const same = await change({
      currentPassword: owner.password,
      newPassword: owner.password,
      confirmPassword: owner.password,
    });
    expect(same.statusCode).toBe(422);
    const ok = await change({
      currentPassword: owner.password,
      newPassword: 'Rondes-de-nuit-42',
      confirmPassword: 'Rondes-de-nuit-42',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sessionsClosed).toBe(1);
    expect((await get('/api/auth/me', owner)).statusCode).toBe(200);
    expect((await get('/api/auth/me', second)).statusCode).toBe(401);
    await expect(login(t.app, owner.user.email, owner.password)).rejects.toThrow(/401/);
    await login(t.app, owner.user.email, 'Rondes-de-nuit-42');
  });

  it('an expired password restricts the session to changing it', async () => {
    const owner = await registerCompany(t.app);
    await asCompany(
      owner.company.id,
      sql`update users set password_changed_at = now() - interval '91 days' where id = ${owner.user.id}`,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(again.json().restriction).toBe('password_expired');
    const who = { ...owner, auth: { authorization: `Bearer ${again.json().access_token}` } };
    const refused = await get('/api/sites', who);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Votre mot de passe a expiré : choisissez-en un nouveau pour continuer',
    );
    expect((await get('/api/auth/me', who)).json().restriction).toBe('password_expired');
    const changed = await post('/api/me/password', who, {
      currentPassword: owner.password,
      newPassword: 'Relève-de-6h-ok',
      confirmPassword: 'Relève-de-6h-ok',
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/sites', who)).statusCode).toBe(200);
    // "Never" lifts expiry altogether.
    await asCompany(
      owner.company.id,
      sql`update companies set password_expiry_days = null where id = ${owner.company.id}`,
    );
    await asCompany(
      owner.company.id,
      sql`update users set password_changed_at = now() - interval '3 years' where id = ${owner.user.id}`,
    );
    expect((await login(t.app, owner.user.email, 'Relève-de-6h-ok')).token).toBeTruthy();
  });

  it('two-factor sign-in: enrol with a first code, sign in with a code, a recovery code works once', async () => {
    const owner = await registerCompany(t.app);
    expect((await get('/api/me/2fa', owner)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await post('/api/me/2fa/setup', owner, {})).json();
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Vigie%3A.+\?secret=[A-Z2-7]+&issuer=Vigie/);
    expect(setup.qrSvg).toContain('<svg');
    const wrong = await post('/api/me/2fa/enable', owner, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const enabled = await post('/api/me/2fa/enable', owner, { code: totpAt(setup.secret, Date.now()) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    // The secret and the codes are not stored in clear.
    const stored = (
      (await asCompany(
        owner.company.id,
        sql`select u.totp_secret_sealed, (select array_agg(code_hash) from recovery_codes r where r.user_id = u.id) as hashes from users u where id = ${owner.user.id}`,
      )) as unknown as { rows: { totp_secret_sealed: string; hashes: string[] }[] }
    ).rows[0];
    expect(stored?.totp_secret_sealed).not.toContain(setup.secret);
    expect(stored?.hashes.some((h) => codes.includes(h))).toBe(false);

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(first.json().access_token).toBeUndefined();
    const challenge = first.json().challenge as string;
    const badCode = await post('/api/auth/login/2fa', null, { challenge, code: '123456' });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().detail).toBe('Code de double authentification incorrect');
    const forged = await post('/api/auth/login/2fa', null, { challenge: `${challenge}x`, code: '123456' });
    expect(forged.statusCode).toBe(401);
    // The code the app shows one step later (drift), accepted; the same code again, refused.
    const code = totpAt(setup.secret, Date.now() + 30_000);
    const second = await post('/api/auth/login/2fa', null, { challenge, code });
    expect(second.statusCode).toBe(200);
    expect(second.json().access_token).toBeTruthy();
    expect((await post('/api/auth/login/2fa', null, { challenge, code })).statusCode).toBe(401);
    const recovery = await post('/api/auth/login/2fa', null, { challenge, recoveryCode: codes[3] as string });
    expect(recovery.statusCode).toBe(200);
    const replayed = await post('/api/auth/login/2fa', null, { challenge, recoveryCode: codes[3] as string });
    expect(replayed.statusCode).toBe(401);
    expect((await get('/api/me/2fa', owner)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    // Disabling asks for a code.
    expect((await post('/api/me/2fa/disable', owner, { code: '000000' })).statusCode).toBe(422);
    const off = await post('/api/me/2fa/disable', owner, { recoveryCode: codes[5] as string });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await login(t.app, owner.user.email, owner.password)).token).toBeTruthy();
  });

  it('throttles second-step guesses like passwords', async () => {
    const owner = await registerCompany(t.app);
    const setup = (await post('/api/me/2fa/setup', owner, {})).json();
    await post('/api/me/2fa/enable', owner, { code: totpAt(setup.secret, Date.now()) });
    const { challenge } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: owner.password },
      })
    ).json();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await post('/api/auth/login/2fa', null, { challenge, code: '000000' })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('a company requiring two-factor restricts a session without it to enrolling', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    await asCompany(
      owner.company.id,
      sql`update companies set two_factor_required = true where id = ${owner.company.id}`,
    );
    const refused = await get('/api/sites', operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Votre société exige la double authentification : activez-la dans Paramètres pour continuer',
    );
    const setup = (await post('/api/me/2fa/setup', operator, {})).json();
    await post('/api/me/2fa/enable', operator, { code: totpAt(setup.secret, Date.now()) });
    expect((await get('/api/sites', operator)).statusCode).toBe(200);
    const off = await post('/api/me/2fa/disable', operator, {
      code: totpAt(setup.secret, Date.now() + 30_000),
    });
    expect(off.statusCode).toBe(409);
  });

  it("ends a session idle longer than the company's timeout", async () => {
    const owner = await registerCompany(t.app);
    expect((await get('/api/auth/me', owner)).json().autoLogoutMinutes).toBe(30);
    // Written straight in the database: this instance hears of it through the change feed.
    await asCompany(
      owner.company.id,
      sql`update sessions set last_seen_at = now() - interval '16 minutes' where user_id = ${owner.user.id}`,
    );
    await asCompany(
      owner.company.id,
      sql`update companies set session_timeout_minutes = 15 where id = ${owner.company.id}`,
    );
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i++) {
      status = (await get('/api/auth/me', owner)).statusCode;
      if (status !== 401) await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(status).toBe(401);
    const again = await login(t.app, owner.user.email, owner.password);
    expect((await get('/api/auth/me', again)).json().autoLogoutMinutes).toBe(15);
  });

  it('enforces the IP allowlist at sign-in and on every request, IPv4 and IPv6', async () => {
    const owner = await registerCompany(t.app);
    await asCompany(
      owner.company.id,
      sql`update companies set ip_allowlist = array['192.0.2.0/24', '2001:db8:1::/48'] where id = ${owner.company.id}`,
    );
    expect((await get('/api/sites', owner, '192.0.2.17')).statusCode).toBe(200);
    expect((await get('/api/sites', owner, '2001:db8:1:2::5')).statusCode).toBe(200);
    const outside = await get('/api/sites', owner, '198.51.100.4');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toMatch(/^Accès refusé depuis cette adresse IP/);
    expect((await get('/api/sites', owner, '2001:db8:2::5')).statusCode).toBe(403);
    const signIn = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: owner.password },
        remoteAddress: ip,
      });
    expect((await signIn('203.0.113.9')).statusCode).toBe(403);
    expect((await signIn('192.0.2.200')).statusCode).toBe(200);
  });

  it('maintenance mode: operators refused with a French 503, administrators and device keys go on', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/keys',
      headers: owner.auth,
      payload: { name: 'Centrale' },
    });
    const site = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: owner.auth,
      payload: { name: 'Entrepôt', address: '1 rue de la Paix, Paris' },
    });
    await asCompany(
      owner.company.id,
      sql`update companies set maintenance_mode = true where id = ${owner.company.id}`,
    );
    const refused = await get('/api/sites', operator);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toMatch(/^Vigie est en maintenance/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: (await get('/api/auth/me', owner)).json().user.email, password: 'x' },
    });
    expect(signIn.statusCode).toBe(401);
    const operatorEmail = (
      (await asCompany(
        owner.company.id,
        sql`select email from users where id = ${operator.user.id}`,
      )) as unknown as {
        rows: { email: string }[];
      }
    ).rows[0]?.email as string;
    const operatorSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: operatorEmail, password: 'essai-vigie-1' },
    });
    expect(operatorSignIn.statusCode).toBe(503);
    expect((await get('/api/sites', owner)).statusCode).toBe(200);
    const panel = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/alarms',
      headers: { 'x-api-key': key.json().key },
      payload: { siteId: site.json().id, title: 'Intrusion', description: 'Détecteur 3', location: 'Quai' },
    });
    expect(panel.statusCode).toBe(201);
  });
});
