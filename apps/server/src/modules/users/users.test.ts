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

describe.each(engines)('users on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app);
    other = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const req = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who: Tenant | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  it('lets the owner add an operator and an agent who can then log in', async () => {
    const res = await req('POST', '/api/users', owner, {
      name: 'Olivier Opérateur',
      email: 'Olivier@Exemple.fr',
      password: 'secret12',
      role: 'operator',
      city: 'Lyon',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Olivier Opérateur',
      email: 'olivier@exemple.fr',
      role: 'operator',
      isOwner: false,
      city: 'Lyon',
    });
    const session = await login(t.app, 'olivier@exemple.fr', 'secret12');
    expect(session.user.id).toBe(res.json().id);
  });

  it('lists only the company users, paginated, with X-Total-Count and Link', async () => {
    await addUser(t.app, owner, 'agent');
    const all = await req('GET', '/api/users', owner);
    expect(all.statusCode).toBe(200);
    const ids: string[] = all.json().map((u: { id: string }) => u.id);
    expect(ids).toContain(owner.user.id);
    expect(ids).not.toContain(other.user.id);
    expect(Number(all.headers['x-total-count'])).toBe(ids.length);

    const first = await req('GET', '/api/users?limit=1', owner);
    expect(first.json()).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await req('GET', next as string, owner);
    expect(second.json()[0].id).not.toBe(first.json()[0].id);

    const bad = await req('GET', '/api/users?cursor=pas-un-curseur', owner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Curseur de pagination invalide');
  });

  it('validates input with French messages (422) and refuses a taken e-mail (409)', async () => {
    const bad = await req('POST', '/api/users', owner, { name: '', email: 'x', password: '1', role: 'chef' });
    expect(bad.statusCode).toBe(422);
    const msgs = bad.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toContain('Le nom est obligatoire');
    expect(msgs).toContain('Adresse e-mail invalide');
    expect(msgs).toContain('Le mot de passe doit contenir au moins 8 caractères');
    expect(msgs).toContain('Rôle invalide (admin, operator ou agent)');
    const taken = await req('POST', '/api/users', owner, {
      name: 'Doublon',
      email: other.user.email,
      password: 'secret12',
      role: 'agent',
    });
    expect(taken.statusCode).toBe(409);
    const extra = await req('PATCH', `/api/users/${owner.user.id}`, owner, { isOwner: false });
    expect(extra.statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    for (const [m, u] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['PATCH', `/api/users/${owner.user.id}`],
      ['DELETE', `/api/users/${owner.user.id}`],
    ] as const) {
      expect((await req(m, u, null, m === 'GET' || m === 'DELETE' ? undefined : {})).statusCode).toBe(401);
    }
  });

  it('answers 403 to operators and agents', async () => {
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    for (const who of [agent, operator]) {
      expect((await req('GET', '/api/users', who)).statusCode).toBe(403);
      const create = await req('POST', '/api/users', who, {
        name: 'X',
        email: `x-${Math.random()}@x.fr`,
        password: 'secret12',
        role: 'admin',
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().detail).toBe('Seul un administrateur peut gérer les utilisateurs');
      expect((await req('DELETE', `/api/users/${owner.user.id}`, who)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's user and changes nothing", async () => {
    const patch = await req('PATCH', `/api/users/${other.user.id}`, owner, { name: 'Piraté' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().detail).toBe('Utilisateur introuvable');
    expect((await req('DELETE', `/api/users/${other.user.id}`, owner)).statusCode).toBe(404);
    const me = await req('GET', '/api/auth/me', other);
    expect(me.json().user.name).toBe(other.user.name);
  });

  it('protects the owner: cannot be demoted or removed', async () => {
    const admin2 = await addUser(t.app, owner, 'admin');
    const demote = await req('PATCH', `/api/users/${owner.user.id}`, admin2, { role: 'agent' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().detail).toMatch(/administrateur principal/);
    expect((await req('DELETE', `/api/users/${owner.user.id}`, admin2)).statusCode).toBe(403);
  });

  it('updates and deletes a user; a deleted user loses its session', async () => {
    const agent = await addUser(t.app, owner, 'agent');
    const upd = await req('PATCH', `/api/users/${agent.user.id}`, owner, {
      role: 'operator',
      city: 'Marseille',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ role: 'operator', city: 'Marseille' });
    const del = await req('DELETE', `/api/users/${agent.user.id}`, owner);
    expect(del.statusCode).toBe(204);
    expect((await req('GET', '/api/auth/me', agent)).statusCode).toBe(401);
    expect((await req('DELETE', `/api/users/${agent.user.id}`, owner)).statusCode).toBe(404);
  });

  it('rejects a malformed id with 422', async () => {
    const res = await req('PATCH', '/api/users/pas-un-uuid', owner, { name: 'X' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['path', 'id'], msg: 'Identifiant invalide' });
  });
});
