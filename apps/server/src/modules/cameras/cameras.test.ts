import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

const unknownId = '00000000-0000-4000-8000-000000000000';
const secret = 'S3cret-Flux!';

describe.each(engines)('cameras on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      CAMERA_PROBE_INTERVAL_MS: '0',
      // The cameras of these tests are on a site network the operator opened (none is connected to).
      CAMERA_ALLOWED_NETWORKS: '192.168.1.0/24,fe80::/10',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const newSite = async (tenant: Tenant, name = 'Site principal') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name, address: '1 rue A' },
    });
    return res.json().id as string;
  };
  const create = (tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/cameras', headers: tenant.auth, payload });
  const get = (tenant: Tenant, url: string) => t.app.inject({ method: 'GET', url, headers: tenant.auth });

  it('adds a camera with the spec fields and defaults; the credentials never come back', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner, 'Résidence Les Pins');
    const res = await create(owner, {
      siteId,
      name: 'Entrée principale',
      location: 'Hall',
      ipAddress: '192.168.1.20',
      rtspUrl: 'rtsp://192.168.1.20:8554/stream1',
      snapshotUrl: 'http://192.168.1.20/snapshot.jpg',
      streamUsername: 'admin',
      streamPassword: secret,
      nightVision: true,
    });
    expect(res.statusCode).toBe(201);
    const cam = res.json();
    expect(cam).toMatchObject({
      siteId,
      siteName: 'Résidence Les Pins',
      name: 'Entrée principale',
      type: 'fixed',
      resolution: '1080p',
      nightVision: true,
      motionDetection: false,
      recording: false,
      status: 'Hors ligne',
      lastPing: null,
      hasCredentials: true,
    });
    const answers = [
      res,
      await get(owner, `/api/cameras/${cam.id}`),
      await get(owner, '/api/cameras'),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/cameras/${cam.id}`,
        headers: owner.auth,
        payload: { resolution: '4K' },
      }),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBeLessThan(300);
      expect(a.body).not.toContain(secret);
      expect(a.body).not.toContain('streamPassword');
      expect(a.body).not.toContain('streamUsername');
    }
    expect(answers[3]?.json()).toMatchObject({ resolution: '4K', hasCredentials: true });
    // Stored sealed: a dump of the database does not hold the password (decision 0009).
    const [stored] = rowsOf<{ stream_password: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select stream_password from cameras where company_id = ${owner.company.id} and id = ${cam.id}`,
        ),
      ),
    );
    expect(stored?.stream_password).toMatch(/^enc:v1:/);
    expect(stored?.stream_password).not.toContain(secret);
    expect(t.app.secrets.open(stored?.stream_password as string)).toBe(secret);
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${cam.id}`,
      headers: owner.auth,
      payload: { streamUsername: null, streamPassword: '' },
    });
    expect(cleared.json().hasCredentials).toBe(false);
  });

  it('moves credentials typed into a stream URL out of it', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const res = await create(owner, {
      siteId,
      name: 'NVR',
      location: 'Local technique',
      rtspUrl: `rtsp://admin:${secret}@[fe80::1]:554/ch1`,
      type: 'ptz',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rtspUrl: 'rtsp://[fe80::1]:554/ch1',
      hasCredentials: true,
      type: 'ptz',
    });
    expect(res.body).not.toContain(secret);
  });

  it('rejects bad input with 422 and French messages', async () => {
    const owner = await registerCompany(t.app);
    const res = await create(owner, {
      name: '',
      location: 'Hall',
      ipAddress: '300.1.2.3',
      rtspUrl: 'ftp://camera/flux',
      snapshotUrl: 'rtsp://camera/image',
      resolution: '8K',
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'Le site est obligatoire',
        'Le nom de la caméra est obligatoire',
        'Adresse IP invalide (IPv4 ou IPv6)',
        'URL de flux invalide (rtsp://, rtsps://, http:// ou https://)',
        "URL d'image invalide (http:// ou https://)",
        'Résolution invalide (720p, 1080p ou 4K)',
      ]),
    );
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${unknownId}`,
      headers: owner.auth,
      payload: { type: 'dome' },
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().detail[0].msg).toBe('Type de caméra invalide (fixed ou ptz)');
    const filter = await get(owner, '/api/cameras?status=perdu');
    expect(filter.statusCode).toBe(422);
  });

  it('answers 401 without a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/cameras'],
      ['POST', '/api/cameras'],
      ['GET', `/api/cameras/${unknownId}`],
      ['PATCH', `/api/cameras/${unknownId}`],
      ['DELETE', `/api/cameras/${unknownId}`],
      ['GET', `/api/cameras/${unknownId}/snapshot`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? { name: 'X' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another company's camera or site", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const theirSite = await newSite(b);
    const theirs = (await create(b, { siteId: theirSite, name: 'Cam B', location: 'Quai' })).json();
    const mySite = await newSite(a);
    const intoTheirSite = await create(a, { siteId: theirSite, name: 'Intrus', location: 'X' });
    expect(intoTheirSite.statusCode).toBe(404);
    expect(intoTheirSite.json().detail).toBe('Site introuvable');
    const mine = (await create(a, { siteId: mySite, name: 'Cam A', location: 'Y' })).json();
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${mine.id}`,
      headers: a.auth,
      payload: { siteId: theirSite },
    });
    expect(move.statusCode).toBe(404);
    expect(move.json().detail).toBe('Site introuvable');
    for (const [method, url] of [
      ['GET', `/api/cameras/${theirs.id}`],
      ['PATCH', `/api/cameras/${theirs.id}`],
      ['DELETE', `/api/cameras/${theirs.id}`],
      ['GET', `/api/cameras/${theirs.id}/snapshot`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: a.auth,
        payload: method === 'PATCH' ? { name: 'Volée' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe('Caméra introuvable');
    }
    expect((await get(a, '/api/cameras')).json().map((c: { id: string }) => c.id)).toEqual([mine.id]);
  });

  it('lets agents read but not add, edit or delete; operators manage', async () => {
    const owner = await registerCompany(t.app);
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    const siteId = await newSite(owner);
    const made = await create(operator, { siteId, name: 'Cam opérateur', location: 'Toit' });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect((await get(agent, '/api/cameras')).json()).toHaveLength(1);
    expect((await get(agent, `/api/cameras/${id}`)).statusCode).toBe(200);
    const denied = [
      await create(agent, { siteId, name: 'Cam agent', location: 'Toit' }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/cameras/${id}`,
        headers: agent.auth,
        payload: { name: 'Z' },
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/cameras/${id}`, headers: agent.auth }),
    ];
    for (const res of denied) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        'Les agents peuvent consulter les caméras mais pas les ajouter, les modifier ni les supprimer',
      );
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/cameras/${id}`, headers: operator.auth }))
        .statusCode,
    ).toBe(204);
    expect((await get(owner, `/api/cameras/${id}`)).statusCode).toBe(404);
  });

  it('enforces the plan limit of 100 cameras on basic', async () => {
    const owner = await registerCompany(t.app, { subscription: 'basic' });
    const siteId = await newSite(owner);
    for (let i = 0; i < 100; i++) {
      expect((await create(owner, { siteId, name: `Cam ${i}`, location: 'Parc' })).statusCode).toBe(201);
    }
    const extra = await create(owner, { siteId, name: 'Cam 101', location: 'Parc' });
    expect(extra.statusCode).toBe(403);
    expect(extra.json().detail).toBe(
      "Limite atteinte : l'offre Starter (basic) permet 100 caméras au maximum",
    );
  });

  it('filters by site and status and searches name and location ignoring case and accents', async () => {
    const owner = await registerCompany(t.app);
    const s1 = await newSite(owner, 'Site 1');
    const s2 = await newSite(owner, 'Site 2');
    await create(owner, { siteId: s1, name: 'Caméra Façade', location: 'Rue' });
    await create(owner, { siteId: s1, name: 'Quai', location: 'Entrepôt Écluse' });
    await create(owner, { siteId: s2, name: 'Toit', location: 'Terrasse' });
    const names = async (q: string) => {
      const res = await get(owner, `/api/cameras?${q}`);
      expect(res.statusCode).toBe(200);
      return res.json().map((c: { name: string }) => c.name);
    };
    expect(await names(`siteId=${s1}`)).toEqual(['Caméra Façade', 'Quai']);
    expect(await names('search=FACADE')).toEqual(['Caméra Façade']);
    expect(await names('search=ecluse')).toEqual(['Quai']);
    expect(await names('status=Hors%20ligne')).toHaveLength(3);
    expect(await names('status=online')).toEqual([]);
    const page = await get(owner, '/api/cameras?limit=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');

    // Several words, a site filter beside a search, and pages of a search in name order.
    expect(await names('search=entrepot%20quai')).toEqual(['Quai']);
    expect(await names(`search=terrasse&siteId=${s1}`)).toEqual([]);
    expect(await names(`search=terrasse&siteId=${s2}`)).toEqual(['Toit']);
    await create(owner, { siteId: s2, name: 'Abri', location: 'Rue du Quai' });
    expect(await names('search=quai')).toEqual(['Abri', 'Quai']);
    const first = await get(owner, '/api/cameras?search=quai&limit=1');
    expect(first.headers['x-total-count']).toBe('2');
    const next = /<([^>]+)>/.exec(first.headers.link as string)?.[1] as string;
    expect((await get(owner, next)).json().map((c: { name: string }) => c.name)).toEqual(['Quai']);
    // A renamed camera is found, and sorted, by its new name (the tokens carry it).
    const abri = (await get(owner, '/api/cameras?search=abri')).json()[0] as { id: string };
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${abri.id}`,
      headers: owner.auth,
      payload: { name: 'Zénith' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('search=quai')).toEqual(['Quai', 'Zénith']);
    expect(await names('search=abri')).toEqual([]);
    expect(await names('search=zenith')).toEqual(['Zénith']);
  });
});
