// Security reports over HTTP: drafts, finalisation and its seal, the 409 after it, bad input,
// sessions, roles, other companies, and the public verification.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { createReport, createSite, drawnSignature, fullReport, post } from './test-support';

describe.each(engines)('security reports on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (tenant: { auth: Record<string, string> } | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: tenant?.auth ?? {} });
  const patch = (tenant: { auth: Record<string, string> }, url: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers: tenant.auth, payload: payload as object });

  it('creates a draft, edits it, signs and finalises it; a final report no longer changes', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner, 'Entrepôt Nord');
    const year = new Date().getUTCFullYear();
    const first = await createReport(t.app, owner, fullReport(site.id));
    expect(first).toMatchObject({
      number: `RS-${year}-0001`,
      siteName: 'Entrepôt Nord',
      status: 'draft',
      totalIncidents: 1,
      responsibleName: owner.user.name,
      generatedByName: owner.user.name,
      hasSignature: false,
      fingerprint: null,
      lastExport: null,
    });
    const second = await createReport(t.app, owner, { siteId: site.id });
    expect(second).toMatchObject({ number: `RS-${year}-0002`, incidents: [], interventions: [] });

    const list = await get(owner, '/api/security-reports');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((r: { number: string }) => r.number)).toEqual([second.number, first.number]);

    // Finalising needs the signature.
    const unsigned = await post(t.app, owner, `/api/security-reports/${first.id}/finalize`);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().detail).toMatch(/signature du responsable est obligatoire/);

    const edited = await patch(owner, `/api/security-reports/${first.id}`, {
      observations: 'Nuit calme après 03h',
      responsibleName: 'Claire Martin',
      responsibleSignature: await drawnSignature(),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      observations: 'Nuit calme après 03h',
      responsibleName: 'Claire Martin',
      hasSignature: true,
      repairs: 'Serrure du portail 2 remplacée',
    });
    const sig = await get(owner, `/api/security-reports/${first.id}/signature`);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    expect(sig.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const final = await post(t.app, owner, `/api/security-reports/${first.id}/finalize`);
    expect(final.statusCode).toBe(200);
    const body = final.json();
    expect(body.status).toBe('finalized');
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(body.verificationUrl).toBe(`/verification/${body.fingerprint}`);
    expect(body.finalizedAt).not.toBeNull();

    for (const res of [
      await patch(owner, `/api/security-reports/${first.id}`, { comments: 'Ajout après coup' }),
      await patch(owner, `/api/security-reports/${first.id}`, { responsibleSignature: null }),
      await t.app.inject({ method: 'DELETE', url: `/api/security-reports/${first.id}`, headers: owner.auth }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Ce rapport est finalisé : son contenu et sa signature ne peuvent plus être modifiés ni supprimés',
      );
    }
    expect((await post(t.app, owner, `/api/security-reports/${first.id}/finalize`)).statusCode).toBe(409);
    const after = (await get(owner, `/api/security-reports/${first.id}`)).json();
    expect(after).toMatchObject({ comments: 'Client prévenu le 02/11', fingerprint: body.fingerprint });

    // The database refuses it too (the second lock), whatever the caller.
    const direct = await t.db
      .withTenant(owner.company.id, (tx) =>
        tx.execute(sql`update security_reports set comments = 'x' where id = ${first.id}`),
      )
      .then(
        () => 'updated',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(direct).toMatch(/is final/);

    // A draft is deleted.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/security-reports/${second.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(owner, `/api/security-reports/${second.id}`)).statusCode).toBe(404);
    expect((await get(owner, '/api/security-reports?status=finalized')).json()).toHaveLength(1);

    // Public verification: no session, only existence, date, company, and the number and site
    // (issue 29: a genuine fingerprint copied onto a forged document shows another number or site).
    const verified = await get(null, `/api/verification/${body.fingerprint}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      exists: true,
      finalizedAt: body.finalizedAt,
      companyName: owner.company.name,
      number: body.number,
      siteName: body.siteName,
    });
    expect(body.number).toMatch(/\S/);
    expect(body.siteName).toMatch(/\S/);
    expect((await get(null, `/api/verification/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await get(null, '/api/verification/pas-une-empreinte')).statusCode).toBe(422);

    // Public, so throttled per address: fingerprints cannot be tried in bulk.
    let last = verified;
    for (let i = 0; i < 60 && last.statusCode !== 429; i++)
      last = await get(null, `/api/verification/${body.fingerprint}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().detail).toBe('Trop de requêtes, veuillez réessayer plus tard');
  });

  it('refuses bad input in French and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const send = (payload: unknown) => post(t.app, owner, '/api/security-reports', payload);
    const messages = async (payload: unknown) => {
      const res = await send(payload);
      expect(res.statusCode).toBe(422);
      return res.json().detail.map((d: { msg: string }) => d.msg);
    };
    expect(await messages({})).toContain('Veuillez sélectionner un site');
    expect(await messages({ siteId: '' })).toContain('Veuillez sélectionner un site');
    expect(await messages(fullReport(site.id, { incidents: [{ type: 'vol', description: ' ' }] }))).toContain(
      "Veuillez remplir la description de l'incident",
    );
    expect(await messages(fullReport(site.id, { interventions: [{ description: '' }] }))).toContain(
      "Veuillez remplir la description de l'intervention",
    );
    expect(
      await messages(fullReport(site.id, { incidents: [{ type: 'meteorite', description: 'x' }] })),
    ).toContain("Type d'incident invalide (intrusion, vol, vandalisme, alarme, incendie ou autre)");
    expect(await messages(fullReport(site.id, { periodStart: '2026-11-08' }))).toContain(
      'La date de fin doit suivre la date de début',
    );
    expect(await messages(fullReport(site.id, { geolocation: 'Paris' }))).toContain(
      'Position invalide : « latitude, longitude » attendu',
    );
    expect(await messages(fullReport(site.id, { observations: 'x'.repeat(5001) }))).toContain(
      'Les observations ne doit pas dépasser 5000 caractères',
    );
    // A signature that is no image, or too big.
    expect(
      await messages(
        fullReport(site.id, { responsibleSignature: Buffer.from('bonjour').toString('base64') }),
      ),
    ).toContain("Format d'image non pris en charge : JPEG, PNG ou WebP uniquement");
    expect(await messages(fullReport(site.id, { responsibleSignature: 'A'.repeat(500_000) }))).toContain(
      'La signature ne doit pas dépasser 300 Ko',
    );
    expect(await messages(fullReport(site.id, { responsibleSignature: '%%%' }))).toContain(
      'La signature doit être une image encodée en base64',
    );
    const tooBig = await send({ ...fullReport(site.id), comments: 'x'.repeat(3 * 1024 * 1024) });
    expect(tooBig.statusCode).toBe(413);
    // An unknown site: the form's message.
    expect(await messages(fullReport('00000000-0000-4000-8000-000000000000'))).toContain(
      'Veuillez sélectionner un site',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/security-reports', headers: owner.auth })).json(),
    ).toEqual([]);
    // A bad edit leaves the draft as it was.
    const report = await createReport(t.app, owner, fullReport(site.id));
    const bad = await patch(owner, `/api/security-reports/${report.id}`, {
      comments: 'Nouveau',
      incidents: [{ type: 'vol', description: '' }],
    });
    expect(bad.statusCode).toBe(422);
    const empty = await patch(owner, `/api/security-reports/${report.id}`, { inconnu: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].msg).toBe('Indiquez au moins un champ à modifier');
    expect((await get(owner, `/api/security-reports/${report.id}`)).json().comments).toBe(
      'Client prévenu le 02/11',
    );
  });

  it('needs a session, hides other companies and is closed to agents', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const siteA = await createSite(t.app, a);
    const siteB = await createSite(t.app, b);
    const report = await createReport(
      t.app,
      a,
      fullReport(siteA.id, { responsibleSignature: await drawnSignature() }),
    );

    for (const [method, url] of [
      ['GET', '/api/security-reports'],
      ['POST', '/api/security-reports'],
      ['GET', `/api/security-reports/${report.id}`],
      ['POST', `/api/security-reports/${report.id}/export-pdf`],
      ['GET', `/api/security-reports/${report.id}/download`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }

    const asB = [
      await get(b, `/api/security-reports/${report.id}`),
      await patch(b, `/api/security-reports/${report.id}`, { comments: 'x' }),
      await t.app.inject({ method: 'DELETE', url: `/api/security-reports/${report.id}`, headers: b.auth }),
      await post(t.app, b, `/api/security-reports/${report.id}/finalize`),
      await post(t.app, b, `/api/security-reports/${report.id}/export-word`),
      await get(b, `/api/security-reports/${report.id}/download`),
      await get(b, `/api/security-reports/${report.id}/signature`),
    ];
    for (const res of asB) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Rapport de sécurité introuvable');
    }
    expect((await get(b, '/api/security-reports')).json()).toEqual([]);
    // B's site in A's report: refused.
    const foreign = await post(t.app, a, '/api/security-reports', fullReport(siteB.id));
    expect(foreign.statusCode).toBe(422);

    const agent = await addUser(t.app, a, 'agent');
    for (const res of [
      await get(agent, '/api/security-reports'),
      await post(t.app, agent, '/api/security-reports', fullReport(siteA.id)),
      await post(t.app, agent, `/api/security-reports/${report.id}/finalize`),
      await post(t.app, agent, `/api/security-reports/${report.id}/export-pdf`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        'Seuls les administrateurs et les opérateurs peuvent gérer les rapports de sécurité',
      );
    }
    const operator = await addUser(t.app, a, 'operator');
    const byOperator = await createReport(t.app, operator, { siteId: siteA.id });
    expect(byOperator.number).toMatch(/-0002$/);
    expect((await post(t.app, operator, `/api/security-reports/${report.id}/finalize`)).statusCode).toBe(200);
  });
});
