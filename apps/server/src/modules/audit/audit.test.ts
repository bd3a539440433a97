// The audit journal: the caller's address recorded with each entry, pages newest first with a cursor,
// the filters, the CSV export (itself audited), company isolation, roles, and that the application's
// database role cannot change or remove an entry.
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
import { recordAudit } from './audit.service';

describe.each(engines)('audit journal on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: '127.0.0.1' });
    owner = await registerCompany(t.app);
    other = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who: Tenant | null) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
  const createSite = (
    who: Tenant,
    name: string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { ...who.auth, ...headers },
      payload: { name, address: '1 rue de la Paix, Paris' },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it("records the caller's address with an action made over HTTP (through a trusted proxy too)", async () => {
    expect((await createSite(owner, 'Site direct', {}, '198.51.100.7')).statusCode).toBe(201);
    expect((await createSite(owner, 'Site proxy', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(
      201,
    );
    const list = await get('/api/audit?action=site.created', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ action: 'site.created', details: { name: 'Site proxy' }, ip: '203.0.113.9' }),
      expect.objectContaining({
        action: 'site.created',
        details: { name: 'Site direct' },
        ip: '198.51.100.7',
        actorUserId: owner.user.id,
        actorName: owner.user.name,
        entity: 'site',
      }),
    ]);
    // Background work has no request, and no address.
    await t.db.withTenant(owner.company.id, (tx) =>
      recordAudit(tx, { companyId: owner.company.id, actorUserId: null, action: 'job.test', entity: 'job' }),
    );
    const job = (await get('/api/audit?action=job.test', owner)).json()[0];
    expect(job).toMatchObject({ ip: null, actorUserId: null, actorName: null });
  });

  it('pages newest first with a cursor and filters on the server', async () => {
    for (const name of ['Île de Ré', 'Dépôt Sud', 'Garage Est']) await createSite(owner, name);
    const first = await get('/api/audit?action=site.&limit=2', owner);
    expect(first.json().map((e: { details: { name: string } }) => e.details.name)).toEqual([
      'Garage Est',
      'Dépôt Sud',
    ]);
    expect(first.headers['x-total-count']).toBe('5');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await get(next as string, owner);
    expect(second.json().map((e: { details: { name: string } }) => e.details.name)).toEqual([
      'Île de Ré',
      'Site proxy',
    ]);
    const third = await get(/<([^>]+)>/.exec(String(second.headers.link))?.[1] as string, owner);
    expect(third.json().map((e: { details: { name: string } }) => e.details.name)).toEqual(['Site direct']);
    expect(third.headers.link).toBeUndefined();

    // Search ignores case and accents, and reads the details and the user's name.
    const search = await get('/api/audit?search=ILE%20DE%20RE', owner);
    expect(search.json()).toHaveLength(1);
    expect(
      (await get(`/api/audit?search=${encodeURIComponent(owner.user.name)}&entity=site`, owner)).json(),
    ).toHaveLength(5);
    expect(
      (await get('/api/audit?entity=company', owner))
        .json()
        .every((e: { entity: string }) => e.entity === 'company'),
    ).toBe(true);

    // By user.
    const admin = await addUser(t.app, owner, 'admin');
    await createSite(admin, 'Site du second');
    const byAdmin = await get(`/api/audit?userId=${admin.user.id}`, owner);
    // Their sign-in, then their site.
    expect(byAdmin.json().map((e: { action: string }) => e.action)).toEqual(['site.created', 'auth.login']);
    expect(byAdmin.json().every((e: { actorUserId: string }) => e.actorUserId === admin.user.id)).toBe(true);

    // Days are the reader's local days: today has everything, yesterday nothing.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/audit?from=${today}&to=${today}&action=site.`, owner)).json()).toHaveLength(6);
    expect((await get(`/api/audit?to=${yesterday}`, owner)).json()).toEqual([]);
  });

  // Search tokens (docs/decisions/0014): the acting user's name is among an entry's words, and follows
  // the user's rename.
  it("finds entries by their user's current name, by word prefix", async () => {
    // A company of its own: the other tests count this file's entries.
    const mine = await registerCompany(t.app);
    const admin = await addUser(t.app, mine, 'admin');
    expect((await createSite(admin, 'Hangar Ouest')).statusCode).toBe(201);
    const found = async (q: string) =>
      (await get(`/api/audit?search=${encodeURIComponent(q)}&action=site.created`, mine))
        .json()
        .map((e: { details: { name: string } }) => e.details.name);
    const first = admin.user.name.split(' ')[0] as string;
    expect(await found(`${first} hang`)).toEqual(['Hangar Ouest']);
    await t.db.withTenant(mine.company.id, (tx) =>
      tx.execute(sql`update users set name = 'Zélie Quenouille' where id = ${admin.user.id}`),
    );
    expect(await found('zelie hangar')).toEqual(['Hangar Ouest']);
    expect(await found('quenou')).toEqual(['Hangar Ouest']);
    expect(await found(`${first} hangar`)).toEqual([]);
    expect(await found('angar')).toEqual([]);
  });

  it('pages a search by cursor, whether its words match few entries or more than the count bound', async () => {
    const company = await registerCompany(t.app);
    const record = (action: string, word: string, n: number) =>
      t.db.withTenant(company.company.id, async (tx) => {
        for (let i = 0; i < n; i++)
          await recordAudit(tx, {
            companyId: company.company.id,
            actorUserId: null,
            action,
            entity: 'job',
            details: { title: `${word} ${i}` },
          });
      });
    // Few: read from the tokens (30 matches), the other filters applied, paged newest first.
    await record('job.few', 'Vitrine', 30);
    await record('job.other', 'Vitrine', 5);
    const titles: string[] = [];
    let url: string | undefined = '/api/audit?search=vitr&action=job.few&limit=12';
    let first = true;
    while (url) {
      const res = await get(url, company);
      expect(res.statusCode).toBe(200);
      if (first) expect(res.headers['x-total-count']).toBe('30');
      first = false;
      titles.push(...res.json().map((e: { details: { title: string } }) => e.details.title));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(titles).toEqual(Array.from({ length: 30 }, (_, i) => `Vitrine ${29 - i}`));
    expect((await get('/api/audit?search=vitrine', company)).headers['x-total-count']).toBe('35');
    // More than the bound (1,000): the page walks the journal newest first; the total says "more".
    await record('job.many', 'Portail', 1_001);
    const many = await get('/api/audit?search=portail&limit=3', company);
    expect(many.json().map((e: { details: { title: string } }) => e.details.title)).toEqual([
      'Portail 1000',
      'Portail 999',
      'Portail 998',
    ]);
    expect(many.headers['x-total-count']).toBe('1001');
    // Another company's entries with the same words are never found.
    expect((await get('/api/audit?search=vitrine', owner)).json()).toEqual([]);
  });

  it('refuses bad filters and forged cursors in French', async () => {
    const bad = await get('/api/audit?from=2026-02-30&userId=42&limit=0', owner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ['query', 'from'],
        ['query', 'userId'],
        ['query', 'limit'],
      ]),
    );
    const order = await get('/api/audit?from=2026-05-02&to=2026-05-01', owner);
    expect(order.json().detail[0].msg).toBe('La date de fin doit suivre la date de début');
    const forged = Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url');
    const cursor = await get(`/api/audit?cursor=${forged}`, owner);
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().detail[0].msg).toBe('Curseur de pagination invalide');
  });

  it("never shows another company's entries", async () => {
    await createSite(other, 'Site de l’autre société');
    const mine = (await get('/api/audit?limit=500', owner)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine)).not.toContain('autre société');
    expect(JSON.stringify(mine)).not.toContain(other.user.id);
    const theirs = (await get(`/api/audit?userId=${owner.user.id}`, other)).json();
    expect(theirs).toEqual([]);
    const csv = (await get('/api/audit/export', other)).body;
    expect(csv).not.toContain('Site direct');
  });

  it('exports the filtered journal as CSV for French Excel, formulas escaped, and audits the export', async () => {
    // A user whose name a spreadsheet would take for a formula.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: owner.auth,
      payload: {
        name: '=HYPERLINK("http://x")',
        email: `formule-${Date.now()}@exemple.fr`,
        password: 'essai-vigie-1',
        role: 'admin',
      },
    });
    expect(created.statusCode).toBe(201);
    const sneaky = await login(t.app, created.json().email, 'essai-vigie-1');
    await createSite(sneaky, '+33 Site; "guillemets"');
    const res = await get('/api/audit/export?action=site.', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="journal-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      "Date et heure;Utilisateur;Action;Code de l'action;Objet;Identifiant;Détails;Adresse IP",
    );
    // The action and the object in French, as on the journal's page; the action's code beside it.
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://x"")";Site créé;site.created;Site;`);
    expect(lines[1]).toContain('"{""name"":""+33 Site; \\""guillemets\\""""}"');
    expect(lines).toHaveLength(1 + 7);
    const exported = (await get('/api/audit?action=audit.exported', owner)).json()[0];
    expect(exported).toMatchObject({
      actorUserId: owner.user.id,
      details: { lines: 7, filters: 'action « site. »' },
    });
  });

  it('needs a session and an administrator', async () => {
    expect((await get('/api/audit', null)).statusCode).toBe(401);
    expect((await get('/api/audit/export', null)).statusCode).toBe(401);
    for (const role of ['operator', 'agent'] as const) {
      const who = await addUser(t.app, owner, role);
      for (const url of ['/api/audit', '/api/audit/export']) {
        const res = await get(url, who);
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe("Réservé aux administrateurs : journal d'audit");
      }
    }
  });

  it('is append-only for the application: its role can neither update nor delete an entry', async () => {
    const companyId = owner.company.id;
    const attempt = (statement: ReturnType<typeof sql>) =>
      t.db
        .withTenant(companyId, (tx) => tx.execute(statement))
        .then(
          () => 'done',
          (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
        );
    // 42501: insufficient privilege.
    expect(await attempt(sql`update audit_log set action = 'falsifié' where company_id = ${companyId}`)).toBe(
      '42501',
    );
    expect(await attempt(sql`delete from audit_log where company_id = ${companyId}`)).toBe('42501');
    expect((await get('/api/audit?search=falsifi', owner)).json()).toEqual([]);
  });
});
