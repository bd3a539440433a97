import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { agentBody, createAgent, createShift, createSite, shiftBody, tinyPng } from './test-support';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('agents on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an agent with the spec fields, licences and qualifications, reads and lists it', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: agentBody({
        name: 'Hélène Martin',
        assignedSiteId: site.id,
        cnapsNumber: 'car-075-2035-03-14-20190123456',
        qualifications: [
          { type: 'SSIAP1', number: 'S1-778', obtainedOn: '2024-05-02' },
          { type: 'SST', obtainedOn: '2025-01-10', number: '' },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    const agent = res.json();
    expect(agent).toMatchObject({
      name: 'Hélène Martin',
      status: 'actif',
      storedStatus: 'actif',
      currentSite: site.name,
      cnapsNumber: 'CAR-075-2035-03-14-20190123456',
      certifications: ['SSIAP 1', 'SST'],
      photo: null,
    });
    // Expiries derived when none is given: SSIAP refresher 36 months, SST 24 months.
    expect(agent.qualifications[0]).toMatchObject({ label: 'SSIAP 1', effectiveExpiresOn: '2027-05-02' });
    expect(agent.qualifications[1]).toMatchObject({ number: null, effectiveExpiresOn: '2027-01-10' });
    const one = await t.app.inject({ method: 'GET', url: `/api/agents/${agent.id}`, headers: owner.auth });
    expect(one.json()).toEqual(agent);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/agents?search=helene',
      headers: owner.auth,
    });
    expect(search.headers['x-total-count']).toBe('1');
    expect(search.json()[0].id).toBe(agent.id);
    const bySpeciality = await t.app.inject({
      method: 'GET',
      url: '/api/agents?search=SURVEIL',
      headers: owner.auth,
    });
    expect(bySpeciality.json()).toHaveLength(1);
    const bySite = await t.app.inject({
      method: 'GET',
      url: `/api/agents?siteId=${site.id}`,
      headers: owner.auth,
    });
    expect(bySite.json()).toHaveLength(1);
    const onLeave = await t.app.inject({
      method: 'GET',
      url: '/api/agents?status=en%20cong%C3%A9',
      headers: owner.auth,
    });
    expect(onLeave.json()).toHaveLength(0);
  });

  it('refuses bad input with French details and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const cases: Record<string, unknown>[] = [
      { email: 'pas-un-email' },
      { cnapsNumber: '12345' },
      { hireDate: '2026-02-30' },
      { speciality: 'Pompier' },
      { level: 'chef' },
      { qualifications: [{ type: 'PERMIS' }] },
      { name: '' },
      { name: 'x'.repeat(500) },
    ];
    for (const extra of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agents',
        headers: owner.auth,
        payload: agentBody(extra),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().detail[0].msg).toMatch(/[a-zé]/);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail.map((d: { msg: string }) => d.msg)).toContain(
      "Le nom de l'agent est obligatoire",
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/agents', headers: owner.auth });
    expect(list.json()).toEqual([]);
    const first = await createAgent(t.app, owner, { badge: 'AG-001' });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: agentBody({ badge: 'AG-001' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Ce matricule est déjà attribué à un autre agent');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/agents/${first.id}`,
      headers: owner.auth,
      payload: { status: 'en service' },
    });
    expect(patch.statusCode).toBe(422);
  });

  it('keeps each company to its own agents, sites and users', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const theirs = await createAgent(t.app, b);
    const theirSite = await createSite(t.app, b);
    const theirAgentUser = await addUser(t.app, b, 'agent');
    for (const [method, url] of [
      ['GET', `/api/agents/${theirs.id}`],
      ['PATCH', `/api/agents/${theirs.id}`],
      ['DELETE', `/api/agents/${theirs.id}`],
      ['GET', `/api/agents/${theirs.id}/photo`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: a.auth,
        ...(method === 'PATCH' ? { payload: { name: 'X' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe('Agent introuvable');
    }
    const withTheirSite = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: a.auth,
      payload: agentBody({ assignedSiteId: theirSite.id }),
    });
    expect(withTheirSite.statusCode).toBe(404);
    const withTheirUser = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: a.auth,
      payload: agentBody({ userId: theirAgentUser.user.id }),
    });
    expect(withTheirUser.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/agents', headers: a.auth })).json()).toEqual([]);
  });

  it('lets administrators and operators manage, agents only read their own record; 401 without a session', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const fieldAgent = await addUser(t.app, owner, 'agent');
    const byOperator = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: operator.auth,
      payload: agentBody(),
    });
    expect(byOperator.statusCode).toBe(201);
    const own = await createAgent(t.app, owner, { userId: fieldAgent.user.id });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: fieldAgent.auth,
      payload: agentBody(),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe(
      'Seuls les administrateurs et les opérateurs peuvent gérer le planning',
    );
    const mine = await t.app.inject({ method: 'GET', url: '/api/agents', headers: fieldAgent.auth });
    expect(mine.json().map((x: { id: string }) => x.id)).toEqual([own.id]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/agents/${byOperator.json().id}`,
      headers: fieldAgent.auth,
    });
    expect(other.statusCode).toBe(404);
    // Linking a non-agent account, or one already linked, is refused.
    const notAgent = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: agentBody({ userId: operator.user.id }),
    });
    expect(notAgent.statusCode).toBe(422);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: agentBody({ userId: fieldAgent.user.id }),
    });
    expect(taken.statusCode).toBe(409);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/agents' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('enforces the plan limit: 50 agents on basic', async () => {
    const owner = await registerCompany(t.app, { subscription: 'basic' });
    for (let i = 0; i < 50; i++) await createAgent(t.app, owner);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: agentBody(),
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().detail).toBe("Limite atteinte : l'offre Starter (basic) permet 50 agents au maximum");
  });

  it('stores a photo checked by its content, re-encoded and served through an authenticated route', async () => {
    const owner = await registerCompany(t.app);
    const agent = await createAgent(t.app, owner);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.id}/photo`,
      headers: owner.auth,
      payload: { data: jpeg.toString('base64') },
    });
    expect(put.statusCode).toBe(200);
    const photoUrl = put.json().photo as string;
    expect(photoUrl).toBe(`/api/agents/${agent.id}/photo?v=1`);
    const img = await t.app.inject({ method: 'GET', url: photoUrl, headers: owner.auth });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
    // A PNG is accepted too; a text file named like an image is not.
    const png = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.id}/photo`,
      headers: owner.auth,
      payload: { data: tinyPng.toString('base64') },
    });
    expect(png.json().photo).toBe(`/api/agents/${agent.id}/photo?v=2`);
    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.id}/photo`,
      headers: owner.auth,
      payload: { data: Buffer.from('GIF89a pas une image').toString('base64') },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().detail[0].msg).toBe(
      "Format d'image non pris en charge : JPEG, PNG ou WebP uniquement",
    );
    const huge = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/${agent.id}/photo`,
      headers: owner.auth,
      payload: { data: Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64') },
    });
    expect([413, 422]).toContain(huge.statusCode);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/agents/${unknownId}/photo`,
      headers: owner.auth,
      payload: { data: tinyPng.toString('base64') },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('derives En service from a clocked-in shift and refuses to delete an agent with shifts', async () => {
    const owner = await registerCompany(t.app);
    const agent = await createAgent(t.app, owner);
    const site = await createSite(t.app, owner);
    await createShift(t.app, owner, shiftBody(agent.id, site.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: owner.auth });
    expect(del.statusCode).toBe(409);
    const lone = await createAgent(t.app, owner);
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/agents/${lone.id}`, headers: owner.auth });
    expect(ok.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/agents/${lone.id}`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });

  it('flags licences on the card: an expired CNAPS card and a qualification expiring within 30 days', async () => {
    const owner = await registerCompany(t.app);
    const today = new Date();
    const inDays = (d: number) => new Date(today.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    const agent = await createAgent(t.app, owner, {
      cnapsExpiresOn: inDays(-3),
      qualifications: [{ type: 'SST', obtainedOn: '2020-01-01', expiresOn: inDays(10) }],
    });
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/agents/${agent.id}`, headers: owner.auth })
    ).json();
    expect(read.alerts.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'cnaps_expired',
      'qualification_expiring',
    ]);
  });
});
