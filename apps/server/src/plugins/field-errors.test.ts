// Field errors (issue 17): a refusal about one field says which one — a 422 by its `loc`, a
// business conflict by its stable `code` next to the French `detail` — so the web shows it under
// the field instead of in a toast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../test/harness';

describe.each(engines)('field errors on %s', (engine) => {
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

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: owner.auth, payload });

  it("gives a taken user e-mail's code with its French detail (409)", async () => {
    const taken = await post('/api/users', {
      name: 'Doublon',
      email: other.user.email,
      password: 'secret12',
      role: 'agent',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      detail: 'Cette adresse e-mail est déjà utilisée par un autre compte',
      code: 'users.email_taken',
    });
  });

  it('gives a taken badge number its code (409)', async () => {
    const badge = { badgeType: 'qrcode', badgeId: 'B-FIELD-1', holderName: 'Nadia Benali' };
    expect((await post('/api/access/badges', badge)).statusCode).toBe(201);
    const again = await post('/api/access/badges', { ...badge, holderName: 'Autre titulaire' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Ce numéro de badge est déjà attribué',
      code: 'badges.number_taken',
    });
  });

  it('locates each invalid field of a 422 under body, with a French message and no code', async () => {
    const bad = await post('/api/users', {
      name: 'Sans e-mail',
      email: 'pas-une-adresse',
      password: 'secret12',
      role: 'agent',
    });
    expect(bad.statusCode).toBe(422);
    const body = bad.json();
    expect(body.code).toBeUndefined();
    expect(body.detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'email'], msg: 'Adresse e-mail invalide' }),
    );
  });
});
