// Problem details in the reader's language: without a session, the browser's (Accept-Language);
// signed in, the profile's, whatever the browser says; French without either. The codes, `loc` and
// `type` are the same in every language: only the sentences change.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/languages';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';

type Issue = { loc: (string | number)[]; msg: string; type: string };

describe.each(engines)('problem details by language on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (opts: InjectOptions, language?: string, who?: Tenant) =>
    t.app.inject({
      ...opts,
      headers: {
        ...opts.headers,
        ...(who?.auth ?? {}),
        ...(language ? { 'accept-language': language } : {}),
      },
    });
  const badRegistration: InjectOptions = {
    method: 'POST',
    url: '/api/auth/register',
    payload: { company: { name: '', email: 'pas-une-adresse' }, admin: { name: 'A' } },
  };
  const wrongPassword: InjectOptions = {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'personne@exemple.fr', password: 'mauvais-mot-de-passe' },
  };
  const badSite: InjectOptions = { method: 'POST', url: '/api/sites', payload: { name: '', radius: 'x' } };
  const unknownSite: InjectOptions = { method: 'GET', url: `/api/sites/${randomUUID()}` };
  const setLanguage = async (who: Tenant, language: string) => {
    const res = await send(
      { method: 'PATCH', url: '/api/me/profile', payload: { language } },
      undefined,
      who,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe(language);
  };

  it('answers without a session in the browser language, French by default', async () => {
    const french = await send(badRegistration);
    expect(french.statusCode).toBe(422);
    const frIssues = french.json().detail as Issue[];
    expect(frIssues.length).toBeGreaterThan(0);
    expect(frIssues.map((i) => i.msg).join(' ')).toMatch(/invalide|obligatoire/);

    for (const [header, language] of [
      ['en-GB,en;q=0.9,fr;q=0.5', 'en'],
      ['fr;q=0.3, es-ES;q=0.8', 'es'],
    ] as const) {
      const res = await send(badRegistration, header);
      expect(res.statusCode).toBe(422);
      const issues = res.json().detail as Issue[];
      // The same issues, at the same places, of the same types: only the sentences change.
      expect(issues.map(({ loc, type }) => ({ loc, type }))).toEqual(
        frIssues.map(({ loc, type }) => ({ loc, type })),
      );
      issues.forEach((issue, i) => {
        const source = frIssues[i]?.msg ?? '';
        expect(issue.msg).toBe(translate(language, source));
        expect(issue.msg).not.toBe(source);
      });
    }

    const refused = await send(wrongPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Email ou mot de passe incorrect', code: 'auth.unauthorized' });
    const refusedEn = await send(wrongPassword, 'en-US');
    expect(refusedEn.json()).toEqual({ detail: 'Incorrect email or password', code: 'auth.unauthorized' });
    const refusedEs = await send(wrongPassword, 'es');
    expect(refusedEs.json()).toEqual({
      detail: 'Correo electrónico o contraseña incorrectos',
      code: 'auth.unauthorized',
    });

    const malformed = {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    };
    const broken = await send({ ...malformed, payload: '{"email":' } as InjectOptions, 'en');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe('Malformed JSON request body');
  });

  it("answers a signed-in user in his profile's language, whatever the browser says", async () => {
    const owner = await registerCompany(t.app);
    const frSite = await send(badSite, undefined, owner);
    const frNotFound = await send(unknownSite, undefined, owner);
    expect(frSite.statusCode).toBe(422);
    expect(frNotFound.statusCode).toBe(404);
    expect(frNotFound.json()).toEqual({ detail: 'Site introuvable', code: 'sites.not_found' });
    const frIssues = frSite.json().detail as Issue[];

    await setLanguage(owner, 'en');
    const enNotFound = await send(unknownSite, 'es-ES,es;q=0.9', owner);
    expect(enNotFound.statusCode).toBe(404);
    expect(enNotFound.json()).toEqual({ detail: 'Site not found', code: 'sites.not_found' });
    const enSite = await send(badSite, 'es', owner);
    const enIssues = enSite.json().detail as Issue[];
    expect(enIssues.map((i) => [i.loc, i.type])).toEqual(frIssues.map((i) => [i.loc, i.type]));
    expect(enIssues.map((i) => i.msg)).toEqual(frIssues.map((i) => translate('en', i.msg)));
    expect(enIssues.some((i, n) => i.msg === frIssues[n]?.msg)).toBe(false);

    await setLanguage(owner, 'es');
    const esNotFound = await send(unknownSite, 'en', owner);
    expect(esNotFound.json()).toEqual({ detail: 'Sitio no encontrado', code: 'sites.not_found' });
    const esIssues = (await send(badSite, 'en', owner)).json().detail as Issue[];
    expect(esIssues.map((i) => i.msg)).toEqual(frIssues.map((i) => translate('es', i.msg)));

    // Back to French: the specification's texts exactly, whatever the browser says.
    await setLanguage(owner, 'fr');
    expect((await send(unknownSite, 'en', owner)).json()).toEqual(frNotFound.json());
    expect((await send(badSite, 'es', owner)).json()).toEqual(frSite.json());
  });
});
