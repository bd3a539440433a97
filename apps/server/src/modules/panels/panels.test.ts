import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { insertSignals, type NewSignal } from './ingest/ingest.repository';
import { purgePanelSignals } from './panels.jobs';
import { openPanelKey } from './panels.service';

/** One journal row as the receiver writes it, with what a test leaves out. */
const insertSignal = async (
  tx: Tx,
  companyId: string,
  s: Partial<NewSignal> & Pick<NewSignal, 'panelId' | 'raw' | 'meaning' | 'answer' | 'outcome' | 'transport'>,
) => {
  const [id] = await insertSignals(tx, companyId, [
    {
      receivedAt: new Date(),
      sequence: null,
      contentHash: null,
      alarmId: null,
      zone: null,
      alarmType: null,
      ...s,
    },
  ]);
  return id as number;
};

const unknownId = '00000000-0000-4000-8000-000000000000';
/** 16 ASCII characters: a 128-bit key as some installers' tools print it. */
const asciiKey = 'Cle#Secrete-0042';
const asciiKeyHex = Buffer.from(asciiKey, 'latin1').toString('hex');
const hexKey = '00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF';
const future = () => new Date(Date.now() + 3_600_000).toISOString();

describe.each(engines)('alarm panels on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const newSite = async (tenant: Tenant, name = 'Entrepôt nord') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name, address: '1 rue du Port' },
    });
    return res.json().id as string;
  };
  const create = (tenant: Tenant, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/panels', headers: tenant.auth, payload });
  const patch = (tenant: Tenant, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/panels/${id}`, headers: tenant.auth, payload });
  const get = (tenant: Tenant, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...tenant.auth, ...headers } });
  const read = async <T>(tenant: Tenant, query: ReturnType<typeof sql>) =>
    rowsOf<T>(await t.db.withTenant(tenant.company.id, (tx) => tx.execute(query)));
  const storedKey = async (tenant: Tenant, id: string) =>
    (
      await read<{ aes_key: string | null }>(
        tenant,
        sql`select aes_key from panels where company_id = ${tenant.company.id} and id = ${id}`,
      )
    )[0]?.aes_key;
  const panelCount = async (tenant: Tenant) =>
    (
      await read<{ n: number }>(
        tenant,
        sql`select count(*)::int as n from panels where company_id = ${tenant.company.id}`,
      )
    )[0]?.n;

  it('adds, reads, edits and deletes a panel; its key is sealed and never answered', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const res = await create(owner, {
      siteId,
      name: 'Centrale entrepôt',
      account: 'a1b2',
      aesKey: asciiKey,
      supervisionMinutes: 30,
      zones: [
        { number: 2, name: 'Détecteur hall' },
        { number: 1, name: "Porte d'entrée" },
      ],
    });
    expect(res.statusCode).toBe(201);
    const panel = res.json();
    expect(panel).toMatchObject({
      siteId,
      siteName: 'Entrepôt nord',
      name: 'Centrale entrepôt',
      account: 'A1B2',
      hasAesKey: true,
      supervisionMinutes: 30,
      zones: [
        { number: 1, name: "Porte d'entrée" },
        { number: 2, name: 'Détecteur hall' },
      ],
      testUntil: null,
      inTest: false,
      lastSignalAt: null,
      linkState: 'unknown',
    });

    // Stored sealed: the database holds neither the key nor its hexadecimal form.
    const sealed = await storedKey(owner, panel.id);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(asciiKey);
    expect(sealed?.toLowerCase()).not.toContain(asciiKeyHex);
    expect(t.app.secrets.open(sealed as string)).toBe(asciiKeyHex);
    expect(openPanelKey(t.app.secrets, sealed ?? null)?.equals(Buffer.from(asciiKey, 'latin1'))).toBe(true);

    // Edits: an absent key is kept, a new one replaces it, null removes it.
    const renamed = await patch(owner, panel.id, { name: 'Centrale quai', supervisionMinutes: null });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Centrale quai',
      hasAesKey: true,
      supervisionMinutes: null,
    });
    expect(await storedKey(owner, panel.id)).toBe(sealed);
    const until = future();
    const rekeyed = await patch(owner, panel.id, { aesKey: hexKey, testUntil: until });
    expect(rekeyed.statusCode).toBe(200);
    expect(rekeyed.json()).toMatchObject({
      hasAesKey: true,
      inTest: true,
      testUntil: new Date(until).toISOString(),
    });
    const resealed = await storedKey(owner, panel.id);
    expect(resealed).not.toBe(sealed);
    expect(t.app.secrets.open(resealed as string)).toBe(hexKey.toLowerCase());
    const answers = [
      res,
      renamed,
      rekeyed,
      await get(owner, `/api/panels/${panel.id}`),
      await get(owner, '/api/panels'),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBeLessThan(300);
      for (const secret of [asciiKey, asciiKeyHex, hexKey, hexKey.toLowerCase(), 'aesKey', 'enc:v1:']) {
        expect(a.body).not.toContain(secret);
      }
    }
    const cleared = await patch(owner, panel.id, { aesKey: null, testUntil: null, zones: [] });
    expect(cleared.json()).toMatchObject({ hasAesKey: false, inTest: false, testUntil: null, zones: [] });
    expect(await storedKey(owner, panel.id)).toBeNull();

    const list = await get(owner, '/api/panels');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([panel.id]);
    expect((await get(owner, `/api/panels?siteId=${await newSite(owner, 'Autre')}`)).json()).toEqual([]);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/panels/${panel.id}`,
      headers: owner.auth,
    });
    expect(gone.statusCode).toBe(204);
    expect((await get(owner, `/api/panels/${panel.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/panels/${panel.id}/signals`)).statusCode).toBe(404);

    // Audited and announced; the audit entries never carry the key.
    const audit = await read<{ action: string; entity: string; details: unknown }>(
      owner,
      sql`select action, entity, details from audit_log
           where company_id = ${owner.company.id} and entity = 'panel' order by created_at, id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'panel.created',
      'panel.updated',
      'panel.updated',
      'panel.updated',
      'panel.deleted',
    ]);
    const details = JSON.stringify(audit.map((a) => a.details));
    for (const secret of [asciiKey, asciiKeyHex, hexKey, hexKey.toLowerCase(), 'enc:v1:']) {
      expect(details).not.toContain(secret);
    }
    const events = await read<{ type: string; change: string }>(
      owner,
      sql`select type, payload->>'change' as change from events
           where company_id = ${owner.company.id} and type = 'panel.changed' order by id`,
    );
    expect(events.map((e) => e.change)).toEqual(['created', 'updated', 'updated', 'updated', 'deleted']);
    // The journal's search finds them by their French names.
    const found = await get(owner, `/api/audit?search=${encodeURIComponent('centrale ajoutée')}`);
    expect(found.json().map((e: { action: string }) => e.action)).toEqual(['panel.created']);
  });

  it('is for administrators and operators: agents get a French 403 everywhere', async () => {
    const owner = await registerCompany(t.app);
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    const siteId = await newSite(owner);
    const made = await create(operator, { siteId, name: 'Centrale opérateur', account: '123456' });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    const before = await panelCount(owner);
    for (const [method, url, payload] of [
      ['GET', '/api/panels', undefined],
      ['GET', '/api/panels/receiver', undefined],
      ['GET', `/api/panels/${id}`, undefined],
      ['GET', `/api/panels/${id}/signals`, undefined],
      ['POST', '/api/panels', { siteId, name: 'Centrale agent', account: '654321' }],
      ['PATCH', `/api/panels/${id}`, { name: 'Z' }],
      ['DELETE', `/api/panels/${id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: agent.auth, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(
        "Seuls les administrateurs et les opérateurs peuvent consulter et gérer les centrales d'alarme",
      );
    }
    expect(await panelCount(owner)).toBe(before);
    expect((await patch(operator, id, { name: 'Renommée' })).statusCode).toBe(200);
    expect((await get(operator, `/api/panels/${id}/signals`)).statusCode).toBe(200);
    expect((await get(operator, '/api/panels/receiver')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/panels/${id}`, headers: operator.auth })).statusCode,
    ).toBe(204);
  });

  it('gives each company one line prefix of its own, at its first need', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const c = await registerCompany(t.app);
    const first = await get(a, '/api/panels/receiver', { host: 'vigie.exemple.fr:8443' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      host: 'vigie.exemple.fr',
      // The tests start no receiver (ALARM_RECEIVER_PORT=off).
      port: null,
      state: 'off',
      surgardPort: null,
    });
    const prefix = first.json().prefix as string;
    expect(prefix).toMatch(/^[1-9A-F][0-9A-F]{0,5}$/);
    expect((await get(a, '/api/panels/receiver')).json().prefix).toBe(prefix);
    // The first panel keeps the prefix already given.
    expect((await create(a, { siteId: await newSite(a), name: 'P', account: 'ABC' })).statusCode).toBe(201);
    expect((await get(a, '/api/panels/receiver')).json().prefix).toBe(prefix);
    const other = (await get(b, '/api/panels/receiver')).json().prefix;
    expect(other).toMatch(/^[1-9A-F][0-9A-F]{0,5}$/);
    expect(other).not.toBe(prefix);
    // A company's first panel gives it its prefix before anyone asks for the receiver.
    const prefixOf = async (tenant: Tenant) =>
      (
        await read<{ prefix: string }>(
          tenant,
          sql`select prefix from panel_line_prefixes where company_id = ${tenant.company.id}`,
        )
      ).map((r) => r.prefix);
    expect(await prefixOf(c)).toEqual([]);
    expect((await create(c, { siteId: await newSite(c), name: 'P', account: 'ABC' })).statusCode).toBe(201);
    const [cPrefix] = await prefixOf(c);
    expect(cPrefix).toMatch(/^[1-9A-F][0-9A-F]{0,5}$/);
    expect([prefix, other]).not.toContain(cPrefix);
    expect((await get(c, '/api/panels/receiver')).json().prefix).toBe(cPrefix);
    // Two first needs at once still give one prefix.
    const d = await registerCompany(t.app);
    const both = await Promise.all([get(d, '/api/panels/receiver'), get(d, '/api/panels/receiver')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().prefix).toBe(both[1]?.json().prefix);
    expect(await prefixOf(d)).toHaveLength(1);
  });

  it("names the configured public host and the running receiver's port", async () => {
    const other = await createTestApp(engine, { ALARM_RECEIVER_PUBLIC_HOST: 'alarmes.exemple.fr' });
    try {
      other.app.panelReceiver = {
        info: () => ({
          port: 12000,
          state: 'up',
          detail: 'En écoute sur le port 12000 (TCP et UDP)',
          surgardPort: 12001,
        }),
      };
      const owner = await registerCompany(other.app);
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/panels/receiver',
        headers: { ...owner.auth, host: 'vigie.exemple.fr' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        prefix: expect.stringMatching(/^[1-9A-F][0-9A-F]{0,5}$/),
        host: 'alarmes.exemple.fr',
        port: 12000,
        state: 'up',
        detail: 'En écoute sur le port 12000 (TCP et UDP)',
        surgardPort: 12001,
      });
    } finally {
      await other.close();
    }
  });

  it('keeps an account unique within a company, never across companies', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const siteA = await newSite(a);
    const first = await create(a, { siteId: siteA, name: 'Centrale 1', account: 'BEEF01' });
    expect(first.statusCode).toBe(201);
    const taken = await create(a, { siteId: siteA, name: 'Centrale 2', account: 'beef01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'panels.account_taken',
      detail: 'Ce numéro de compte est déjà utilisé par une centrale de la société',
    });
    const second = await create(a, { siteId: siteA, name: 'Centrale 2', account: 'BEEF02' });
    expect(second.statusCode).toBe(201);
    const moved = await patch(a, second.json().id, { account: 'BEEF01' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('panels.account_taken');
    // Its own account again is no conflict.
    expect((await patch(a, second.json().id, { account: 'beef02', name: 'Centrale B' })).statusCode).toBe(
      200,
    );
    // Another company uses the same account freely.
    const theirs = await create(b, { siteId: await newSite(b), name: 'Centrale B', account: 'BEEF01' });
    expect(theirs.statusCode).toBe(201);
    expect(await panelCount(a)).toBe(2);
  });

  it('pages a panel’s signal journal, newest first', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const id = (await create(owner, { siteId, name: 'Centrale', account: '0042' })).json().id;
    const otherId = (await create(owner, { siteId, name: 'Autre', account: '0043' })).json().id;
    const base = Date.now() - 60_000;
    const at = [0, 1, 2, 2, 3].map((s) => new Date(base + s * 1000));
    const written = await t.db.withTenant(owner.company.id, async (tx) => {
      const ids: number[] = [];
      for (const [i, receivedAt] of at.entries()) {
        ids.push(
          await insertSignal(tx, owner.company.id, {
            panelId: id,
            receivedAt,
            transport: i % 2 ? 'udp' : 'tcp',
            raw: `"SIA-DCS"000${i}L1#0042[#0042|Nri1/BA01]`,
            sequence: `000${i}`,
            contentHash: `h${i}`,
            meaning: `Intrusion — zone 01 (${i})`,
            answer: 'ACK',
            outcome: i === 4 ? 'unknown' : 'alarm',
            zone: 1,
            alarmType: 'intrusion',
          }),
        );
      }
      // Another panel's signal never shows in this journal.
      await insertSignal(tx, owner.company.id, {
        panelId: otherId,
        transport: 'tcp',
        raw: '"NULL"0001L1#0043[]',
        meaning: 'Test de liaison',
        answer: 'ACK',
        outcome: 'supervision',
      });
      return ids;
    });
    // Newest first; two signals of the same instant in id order, the later one first.
    const expected = [written[4], written[3], written[2], written[1], written[0]];
    const seen: number[] = [];
    let url: string | undefined = `/api/panels/${id}/signals?limit=2`;
    let pages = 0;
    while (url) {
      const res = await get(owner, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      seen.push(...res.json().map((s: { id: number }) => s.id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    const [newest] = (await get(owner, `/api/panels/${id}/signals?limit=1`)).json();
    expect(newest).toEqual({
      id: written[4],
      receivedAt: (at[4] as Date).toISOString(),
      transport: 'tcp',
      raw: '"SIA-DCS"0004L1#0042[#0042|Nri1/BA01]',
      meaning: 'Intrusion — zone 01 (4)',
      answer: 'ACK',
      outcome: 'unknown',
      alarmId: null,
    });
    const other = await get(owner, `/api/panels/${otherId}/signals`);
    expect(other.json().map((s: { outcome: string }) => s.outcome)).toEqual(['supervision']);
    // A forged cursor is refused before any read.
    const forged = await get(owner, `/api/panels/${id}/signals?cursor=abc`);
    expect(forged.statusCode).toBe(422);
  });

  it('purges the journal past the company’s retention and audits the count', async () => {
    const owner = await registerCompany(t.app);
    const id = (
      await create(owner, { siteId: await newSite(owner), name: 'Centrale', account: 'F00D' })
    ).json().id;
    await t.db.withTenant(owner.company.id, async (tx) => {
      for (const days of [120, 91, 10]) {
        await insertSignal(tx, owner.company.id, {
          panelId: id,
          receivedAt: new Date(Date.now() - days * 86_400_000),
          transport: 'tcp',
          raw: '"NULL"0001L1#F00D[]',
          meaning: 'Test de liaison',
          answer: 'ACK',
          outcome: 'supervision',
        });
      }
    });
    expect(await purgePanelSignals(t.db, new Date(), 1)).toBeGreaterThanOrEqual(2);
    const left = (await get(owner, `/api/panels/${id}/signals`)).json();
    expect(left).toHaveLength(1);
    const audit = await read<{ details: { removed: number } }>(
      owner,
      sql`select details from audit_log
           where company_id = ${owner.company.id} and action = 'retention.panel_signals_purged'`,
    );
    expect(audit.map((a) => a.details.removed)).toEqual([2]);
  });

  it("answers 404 for another company's panel or site, everywhere", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const theirSite = await newSite(b);
    const theirs = (await create(b, { siteId: theirSite, name: 'Centrale B', account: 'CAFE' })).json();
    const mySite = await newSite(a);
    const intoTheirSite = await create(a, { siteId: theirSite, name: 'Intruse', account: 'CAFE' });
    expect(intoTheirSite.statusCode).toBe(404);
    expect(intoTheirSite.json().detail).toBe('Site introuvable');
    const mine = (await create(a, { siteId: mySite, name: 'Centrale A', account: 'CAFE' })).json();
    const move = await patch(a, mine.id, { siteId: theirSite });
    expect(move.statusCode).toBe(404);
    expect(move.json().detail).toBe('Site introuvable');
    for (const [method, url] of [
      ['GET', `/api/panels/${theirs.id}`],
      ['GET', `/api/panels/${theirs.id}/signals`],
      ['PATCH', `/api/panels/${theirs.id}`],
      ['DELETE', `/api/panels/${theirs.id}`],
      ['GET', `/api/panels/${unknownId}`],
      ['GET', `/api/panels/${unknownId}/signals`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: a.auth,
        payload: method === 'PATCH' ? { name: 'Volée' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe("Centrale d'alarme introuvable");
    }
    expect((await get(a, `/api/panels?siteId=${theirSite}`)).json()).toEqual([]);
    expect((await get(a, '/api/panels')).json().map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect((await get(b, `/api/panels/${theirs.id}`)).json()).toMatchObject({ name: 'Centrale B' });
  });

  it('refuses bad input with a French 422 and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const id = (await create(owner, { siteId, name: 'Centrale', account: '1234', aesKey: hexKey })).json().id;
    const sealed = await storedKey(owner, id);
    const auditCount = async () =>
      (
        await read<{ n: number }>(
          owner,
          sql`select count(*)::int as n from audit_log where company_id = ${owner.company.id}`,
        )
      )[0]?.n;
    const audits = await auditCount();
    const msgs = async (res: Awaited<ReturnType<typeof create>>) => {
      expect(res.statusCode).toBe(422);
      return res.json().detail.map((d: { msg: string }) => d.msg);
    };
    expect(
      await msgs(
        await create(owner, {
          name: '',
          account: 'XYZ',
          aesKey: 'trop-courte',
          supervisionMinutes: 0,
          zones: [
            { number: 1, name: 'A' },
            { number: 1, name: 'B' },
          ],
          testUntil: 'demain',
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        'Le nom de la centrale est obligatoire',
        'Numéro de compte invalide (3 à 16 caractères hexadécimaux)',
        'Clé AES invalide : 32, 48 ou 64 caractères hexadécimaux, ou 16, 24 ou 32 caractères ASCII',
        "L'intervalle de supervision va de 1 minute à 7 jours",
        'Deux zones portent le même numéro',
        'Date de fin de test invalide (ISO 8601)',
      ]),
    );
    // Rules checked after the contract: a test mode already over, a key the protocol cannot read.
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await msgs(await create(owner, { siteId, name: 'P', account: '5678', testUntil: past }))).toEqual([
      'La fin du mode test doit être dans le futur',
    ]);
    expect(await msgs(await patch(owner, id, { testUntil: past, name: 'Changée' }))).toEqual([
      'La fin du mode test doit être dans le futur',
    ]);
    expect((await msgs(await patch(owner, id, { aesKey: ' 0123456789abcd ', name: 'Changée' })))[0]).toMatch(
      /^La clé AES doit comporter/,
    );
    expect(await msgs(await patch(owner, id, { zones: [{ number: 10_000, name: 'Z' }] }))).toEqual([
      'Le numéro de zone va de 1 à 9999',
    ]);
    expect(await panelCount(owner)).toBe(1);
    expect(await storedKey(owner, id)).toBe(sealed);
    expect((await get(owner, `/api/panels/${id}`)).json()).toMatchObject({ name: 'Centrale', inTest: false });
    expect(await auditCount()).toBe(audits);
    const badQuery = await get(owner, '/api/panels?siteId=site-1');
    expect(badQuery.statusCode).toBe(422);
  });
});
