import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness';

describe.each(engines)('demo requests on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const valid = {
    firstName: 'Claire',
    lastName: 'Moreau',
    email: 'claire.moreau@gardiennage.fr',
    phone: '+33 6 12 34 56 78',
    company: 'Gardiennage Moreau',
    siteCount: '11-50',
    message: 'Nous surveillons 30 sites en Île-de-France.',
  };

  it('stores a demo request from the landing page without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      payload: valid,
      remoteAddress: '198.51.100.1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/bien été envoyée/);
    const rows = await t.db.direct.execute(
      `select first_name, site_count, email from demo_requests where id = '${res.json().id}'` as never,
    );
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({
      first_name: 'Claire',
      site_count: '11-50',
      email: 'claire.moreau@gardiennage.fr',
    });
  });

  it('validates with French messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      payload: { ...valid, email: 'pas-un-email', siteCount: '7', firstName: '' },
      remoteAddress: '198.51.100.2',
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'Adresse e-mail invalide',
        'Nombre de sites invalide (1-10, 11-50, 51-100 ou 100+)',
        'Le prénom est obligatoire',
      ]),
    );
  });

  it('is throttled per address (429 in French)', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/demo-requests',
        payload: valid,
        remoteAddress: '198.51.100.3',
      });
      last = r.statusCode;
      if (i === 10) expect(r.json().detail).toMatch(/Trop de requêtes/);
    }
    expect(last).toBe(429);
  });
});
