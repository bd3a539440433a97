// Issue 29, findings 7 and 8: another administrator cannot take the owner's account over; a password
// reset or a lowered role ends the user's sessions and is confirmed by the acting administrator's
// own password; one password policy (8 characters, not a common password) on every path that sets
// a password.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  login,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

const COMMON = 'Ce mot de passe fait partie des plus courants : choisissez-en un autre';
const SHORT = 'Le mot de passe doit contenir au moins 8 caractères';

describe.each(engines)('account takeover and password policy on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  beforeAll(async () => {
    // Registrations are limited per address and hour: this file registers more than the default.
    t = await createTestApp(engine, { REGISTER_LIMIT_PER_HOUR: '1000' });
    owner = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Tenant | null, payload?: object) =>
    t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
  const patchUser = (who: Tenant, id: string, body: object) => req('PATCH', `/api/users/${id}`, who, body);
  const me = (who: Tenant) => req('GET', '/api/auth/me', who);
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const roleOf = async (id: string) =>
    rowsOf<{ role: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select role from users where company_id = ${owner.company.id} and id = ${id}`),
      ),
    )[0]?.role;

  it("refuses another administrator's change of the owner's password; the owner keeps theirs", async () => {
    const admin2 = await addUser(t.app, owner, 'admin');
    // Even with the second administrator's right password: the owner's password is theirs alone.
    const takeover = await patchUser(admin2, owner.user.id, {
      password: 'prise-de-controle-1',
      adminPassword: admin2.password,
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().detail).toBe(
      "Le mot de passe de l'administrateur principal ne peut être changé que par lui-même, depuis son profil",
    );
    expect((await signIn(owner.user.email, 'prise-de-controle-1')).statusCode).toBe(401);
    expect((await signIn(owner.user.email, owner.password)).statusCode).toBe(200);
    expect((await me(owner)).statusCode).toBe(200);
    // Nor without the acting password, nor by any other field: the e-mail is not editable here.
    expect((await patchUser(admin2, owner.user.id, { password: 'prise-de-controle-1' })).statusCode).toBe(
      422,
    );
    const email = await patchUser(admin2, owner.user.id, { email: 'pirate@exemple.fr' });
    expect(email.statusCode).toBe(422);
    expect((await me(owner)).json().user.email).toBe(owner.user.email);
  });

  it("ends every session of a user whose password an administrator resets, with the admin's password", async () => {
    const agent = await addUser(t.app, owner, 'agent');
    const second = await login(t.app, agent.user.email, agent.password);
    const reset = await patchUser(owner, agent.user.id, {
      password: 'nouveau-depart-7',
      adminPassword: owner.password,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).not.toHaveProperty('passwordHash');
    for (const old of [agent, second]) expect((await me(old)).statusCode).toBe(401);
    expect((await signIn(agent.user.email, agent.password)).statusCode).toBe(401);
    expect((await signIn(agent.user.email, 'nouveau-depart-7')).statusCode).toBe(200);
    // The acting administrator's session is untouched; the journal says what happened, never a password.
    expect((await me(owner)).statusCode).toBe(200);
    const audit = await req('GET', `/api/audit?action=user.updated&limit=50`, owner);
    const entry = audit.json().find((e: { entityId: string | null }) => e.entityId === agent.user.id);
    expect(JSON.stringify(entry)).not.toMatch(/adminPassword|nouveau-depart|essai-vigie/);
  });

  it('ends the sessions of a user whose role is lowered; a raise keeps them', async () => {
    const operator = await addUser(t.app, owner, 'operator');
    const raise = await patchUser(owner, operator.user.id, { role: 'admin' });
    expect(raise.statusCode).toBe(200);
    expect((await me(operator)).statusCode).toBe(200);
    const lower = await patchUser(owner, operator.user.id, { role: 'agent', adminPassword: owner.password });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().role).toBe('agent');
    expect((await me(operator)).statusCode).toBe(401);
    const again = await login(t.app, operator.user.email, operator.password);
    expect((await me(again)).json().user.role).toBe('agent');
    // Other edits need no password and end nothing.
    const rename = await patchUser(owner, operator.user.id, { name: 'Agent renommé', city: 'Lille' });
    expect(rename.statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(200);
  });

  it("refuses a reset or a lowered role without the admin's right password, and changes nothing", async () => {
    const operator = await addUser(t.app, owner, 'operator');
    const attempts = [
      { password: 'nouveau-depart-8' },
      { password: 'nouveau-depart-8', adminPassword: '' },
      { password: 'nouveau-depart-8', adminPassword: 'pas-le-bon-mot' },
      { role: 'agent' },
      { role: 'agent', name: 'Changé quand même', adminPassword: 'pas-le-bon-mot' },
    ];
    for (const body of attempts) {
      const res = await patchUser(owner, operator.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const [issue] = res.json().detail;
      expect(issue.loc).toEqual(['body', 'adminPassword']);
      expect(issue.msg).toMatch(
        /^(Saisissez votre mot de passe pour confirmer ce changement|Votre mot de passe est incorrect)$/,
      );
    }
    expect(await roleOf(operator.user.id)).toBe('operator');
    expect((await me(operator)).json().user).toMatchObject({ role: 'operator', name: operator.user.name });
    expect((await signIn(operator.user.email, operator.password)).statusCode).toBe(200);
    expect((await signIn(operator.user.email, 'nouveau-depart-8')).statusCode).toBe(401);
  });

  it('lets the owner change their own password from the profile (and from the users screen)', async () => {
    const self = await patchUser(owner, owner.user.id, {
      password: 'proprietaire-2',
      adminPassword: owner.password,
    });
    expect(self.statusCode).toBe(200);
    // Their own sessions end too: they sign in again with the new password.
    expect((await me(owner)).statusCode).toBe(401);
    owner = await login(t.app, owner.user.email, 'proprietaire-2');
    const back = await req('POST', '/api/me/password', owner, {
      currentPassword: 'proprietaire-2',
      newPassword: 'essai-vigie-1',
      confirmPassword: 'essai-vigie-1',
    });
    expect(back.statusCode).toBe(200);
    owner = await login(t.app, owner.user.email, 'essai-vigie-1');
  });

  describe('one password policy on every path', () => {
    // The refused passwords and the message each gets (a common one of 8 characters or more, a short one).
    const refused = [
      ['123456', SHORT],
      ['password', COMMON],
      ['12345678', COMMON],
      ['Azerty123', COMMON],
      ['abcdefg', SHORT],
    ] as const;
    let n = 0;
    const unique = () => `politique-${engine}-${n++}-${Date.now()}`;

    it('registration, both forms', async () => {
      for (const [password, msg] of refused) {
        const id = unique();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            company: { name: `Société ${id}`, email: `c-${id}@exemple.fr` },
            admin: { name: 'Admin', email: `a-${id}@exemple.fr`, password, confirmPassword: password },
          },
        });
        expect(res.statusCode, password).toBe(422);
        expect(res.json().detail).toContainEqual(
          expect.objectContaining({ loc: ['body', 'admin', 'password'], msg }),
        );
        const legacy = await t.app.inject({
          method: 'POST',
          url: `/api/auth/register?user_name=Admin&user_email=l-${id}%40exemple.fr&user_password=${encodeURIComponent(password)}`,
          payload: { name: `Société L ${id}`, email: `cl-${id}@exemple.fr` },
        });
        expect(legacy.statusCode, password).toBe(422);
        expect(legacy.json().detail).toContainEqual(
          expect.objectContaining({ loc: ['query', 'user_password'], msg }),
        );
        for (const email of [`a-${id}@exemple.fr`, `l-${id}@exemple.fr`])
          expect((await signIn(email, password)).statusCode).toBe(401);
      }
    });

    it("user creation and an administrator's reset", async () => {
      const agent = await addUser(t.app, owner, 'agent');
      for (const [password, msg] of refused) {
        const email = `u-${unique()}@exemple.fr`;
        const created = await req('POST', '/api/users', owner, {
          name: 'Nouveau',
          email,
          password,
          role: 'agent',
        });
        expect(created.statusCode, password).toBe(422);
        expect(created.json().detail).toContainEqual(
          expect.objectContaining({ loc: ['body', 'password'], msg }),
        );
        expect((await signIn(email, password)).statusCode).toBe(401);
        const reset = await patchUser(owner, agent.user.id, { password, adminPassword: owner.password });
        expect(reset.statusCode, password).toBe(422);
        expect(reset.json().detail).toContainEqual(
          expect.objectContaining({ loc: ['body', 'password'], msg }),
        );
      }
      // Nothing changed: the agent's session and password still work.
      expect((await me(agent)).statusCode).toBe(200);
      expect((await signIn(agent.user.email, agent.password)).statusCode).toBe(200);
    });

    it("the profile's change", async () => {
      const operator = await addUser(t.app, owner, 'operator');
      for (const [password, msg] of refused) {
        const res = await req('POST', '/api/me/password', operator, {
          currentPassword: operator.password,
          newPassword: password,
          confirmPassword: password,
        });
        expect(res.statusCode, password).toBe(422);
        const [issue] = res.json().detail;
        expect(issue.loc).toEqual(['body', 'newPassword']);
        expect(issue.msg).toBe(
          msg === SHORT ? 'Le nouveau mot de passe doit contenir au moins 8 caractères' : msg,
        );
      }
      expect((await signIn(operator.user.email, operator.password)).statusCode).toBe(200);
    });

    it("the demo's password passes it", async () => {
      const { DEMO_LOGIN } = await import('../../db/seeds/demo');
      const { DEMO_AGENT_PASSWORD } = await import('../../db/seeds/demo/agents');
      const { checkPasswordPolicy } = await import('../../lib/password-policy');
      for (const p of [DEMO_LOGIN.password, DEMO_AGENT_PASSWORD])
        expect(() => checkPasswordPolicy(p, ['body', 'password'])).not.toThrow();
    });
  });
});
