import { defaultResponseTargets } from '@vigie/contract/site-instructions.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../plugins/errors';
import {
  addUser,
  asOwner,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { alarmResponseOf, getSiteInstructions, responseTargetsOf } from './site-instructions.service';

const unknownId = '00000000-0000-4000-8000-000000000000';

const document = () => ({
  contacts: [
    {
      name: 'Marc Lefèvre',
      role: 'Directeur du site',
      phones: ['+33 6 12 34 56 78', '01 23 45 67 89'],
      password: 'Tournesol',
      availability: 'Joignable 24 h/24',
    },
    { name: 'Julie Morel', phones: ['06 98 76 54 32'] },
  ],
  steps: [{ text: 'Consulter les caméras du quai' }, { text: 'Appeler le premier contact' }],
  alarmResponses: { intrusion: 'passive', fire: 'active' },
  responseTargets: { critical: { acceptSeconds: 45, arriveMinutes: 10 } },
});

describe.each(engines)('site instructions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const newSite = async (tenant: Tenant, name = 'Entrepôt Nord') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: tenant.auth,
      payload: { name, address: `1 rue ${name}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const read = (tenant: Tenant, siteId: string) =>
    t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/instructions`, headers: tenant.auth });
  const save = (tenant: Tenant, siteId: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/sites/${siteId}/instructions`,
      headers: tenant.auth,
      payload: payload as Record<string, unknown>,
    });
  const auditOf = (tenant: Tenant) =>
    t.db.withTenant(tenant.company.id, async (tx) =>
      rowsOf<{ action: string; entity_id: string; details: Record<string, unknown> }>(
        await tx.execute(
          sql`select action, entity_id, details from audit_log
               where company_id = ${tenant.company.id} and action = 'site.instructions_updated' order by id`,
        ),
      ),
    );

  it('answers the defaults while the site saved none', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const res = await read(owner, siteId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      siteId,
      contacts: [],
      steps: [],
      alarmResponses: {
        intrusion: 'passive',
        fire: 'passive',
        access_denied: 'passive',
        camera_offline: 'passive',
        panic: 'active',
        technical: 'passive',
        agent_absent: 'passive',
        shift_overrun: 'passive',
      },
      responseTargets: defaultResponseTargets,
      passwordsHidden: false,
      updatedAt: null,
    });
  });

  it('saves the whole document, keeps the ids sent back, audits and announces it', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    const res = await save(owner, siteId, document());
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      siteId,
      contacts: [
        {
          name: 'Marc Lefèvre',
          role: 'Directeur du site',
          phones: ['+33 6 12 34 56 78', '01 23 45 67 89'],
          password: 'Tournesol',
          availability: 'Joignable 24 h/24',
        },
        { name: 'Julie Morel', role: null, phones: ['06 98 76 54 32'], password: null, availability: null },
      ],
      steps: [{ text: 'Consulter les caméras du quai' }, { text: 'Appeler le premier contact' }],
      passwordsHidden: false,
    });
    // Saved types and severities replace their defaults; the others keep them.
    expect(saved.alarmResponses).toMatchObject({ intrusion: 'passive', fire: 'active', panic: 'active' });
    expect(saved.responseTargets).toEqual({
      ...defaultResponseTargets,
      critical: { acceptSeconds: 45, arriveMinutes: 10 },
    });
    expect(saved.contacts[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.updatedAt).not.toBeNull();
    expect((await read(owner, siteId)).json()).toEqual(saved);

    // Reordered and sent back with their ids: the order is the list's, the ids stay.
    const reordered = {
      contacts: [saved.contacts[1], saved.contacts[0]],
      steps: [saved.steps[1], { text: 'Rédiger la main courante' }, saved.steps[0]],
    };
    const again = (await save(owner, siteId, reordered)).json();
    expect(again.contacts.map((c: { id: string }) => c.id)).toEqual([
      saved.contacts[1].id,
      saved.contacts[0].id,
    ]);
    expect(again.steps.map((s: { text: string }) => s.text)).toEqual([
      'Appeler le premier contact',
      'Rédiger la main courante',
      'Consulter les caméras du quai',
    ]);
    expect(again.steps[0].id).toBe(saved.steps[1].id);
    // A replacement: what the new document leaves out returns to its default.
    expect(again.alarmResponses.fire).toBe('passive');
    expect(again.responseTargets.critical).toEqual(defaultResponseTargets.critical);

    const audit = await auditOf(owner);
    expect(audit.map((a) => a.entity_id)).toEqual([siteId, siteId]);
    expect(audit[0]?.details).toEqual({
      name: 'Entrepôt Nord',
      contacts: 2,
      steps: 2,
      fields: ['contacts', 'steps', 'alarmResponses', 'responseTargets'],
    });
    expect(audit[1]?.details).toMatchObject({
      steps: 3,
      fields: ['contacts', 'steps', 'alarmResponses', 'responseTargets'],
    });
    // The passwords never reach the journal.
    expect(JSON.stringify(audit)).not.toContain('Tournesol');
    const events = await t.db.withTenant(owner.company.id, async (tx) =>
      rowsOf<{ type: string; payload: Record<string, unknown> }>(
        await tx.execute(
          sql`select type, payload from events where company_id = ${owner.company.id} and type = 'site.changed'`,
        ),
      ),
    );
    expect(events).toEqual([
      { type: 'site.changed', payload: { siteId, part: 'instructions' } },
      { type: 'site.changed', payload: { siteId, part: 'instructions' } },
    ]);
  });

  it('refuses bad documents with French 422s and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    expect((await save(owner, siteId, document())).statusCode).toBe(200);
    const before = (await read(owner, siteId)).json();
    const first = before.contacts[0];
    const cases: [unknown, string][] = [
      [{ ...document(), steps: [] }, 'Au moins une étape dans les consignes'],
      [
        { ...document(), steps: Array.from({ length: 51 }, (_, i) => ({ text: `Étape ${i}` })) },
        '50 étapes au maximum',
      ],
      [{ ...document(), steps: [{ text: '   ' }] }, "Le texte de l'étape est obligatoire"],
      [
        { ...document(), steps: [{ text: 'x'.repeat(301) }] },
        "Le texte de l'étape ne doit pas dépasser 300 caractères",
      ],
      [
        { ...document(), contacts: [{ name: 'Sans numéro', phones: [] }] },
        'Au moins un numéro de téléphone par contact',
      ],
      [
        {
          ...document(),
          contacts: [{ name: 'Quatre', phones: ['0600000001', '0600000002', '0600000003', '0600000004'] }],
        },
        '3 numéros de téléphone au maximum par contact',
      ],
      [
        { ...document(), contacts: [{ name: 'Lettres', phones: ['appelez-moi'] }] },
        'Numéro de téléphone invalide',
      ],
      [
        { ...document(), contacts: [{ name: '', phones: ['0600000001'] }] },
        'Le nom du contact est obligatoire',
      ],
      [
        {
          ...document(),
          contacts: Array.from({ length: 21 }, (_, i) => ({ name: `C${i}`, phones: ['0600000001'] })),
        },
        '20 contacts au maximum',
      ],
      [{ ...document(), contacts: [first, first] }, 'Ce contact figure deux fois dans la liste'],
      [
        { ...document(), steps: [before.steps[0], before.steps[0]] },
        'Cette étape figure deux fois dans la liste',
      ],
      [{ ...document(), alarmResponses: { panic: 'immediate' } }, 'Mode invalide (active ou passive)'],
      [
        { ...document(), responseTargets: { low: { acceptSeconds: 5, arriveMinutes: 10 } } },
        "Le délai d'acceptation doit être compris entre 10 et 3600 secondes",
      ],
      [
        { ...document(), responseTargets: { low: { acceptSeconds: 60, arriveMinutes: 2000 } } },
        "Le délai d'arrivée doit être compris entre 1 et 1440 minutes",
      ],
    ];
    for (const [payload, msg] of cases) {
      const res = await save(owner, siteId, payload);
      expect(res.statusCode, msg).toBe(422);
      expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain(msg);
    }
    // Unknown keys and types are refused too (a typo must not be silently dropped).
    expect(
      (await save(owner, siteId, { ...document(), alarmResponses: { burglary: 'active' } })).statusCode,
    ).toBe(422);
    expect((await save(owner, siteId, { ...document(), extra: 1 })).statusCode).toBe(422);
    expect((await save(owner, siteId, 'pas du JSON')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await read(owner, siteId)).json()).toEqual(before);
    expect(await auditOf(owner)).toHaveLength(1);
  });

  it("answers 404 for another company's site or an unknown one, and 401 without a session", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const siteOfA = await newSite(a);
    expect((await save(a, siteOfA, document())).statusCode).toBe(200);
    for (const res of [
      await read(b, siteOfA),
      await save(b, siteOfA, document()),
      await read(a, unknownId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'sites.not_found', detail: 'Site introuvable' });
    }
    expect((await read(a, siteOfA)).json().contacts[0].name).toBe('Marc Lefèvre');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sites/${siteOfA}/instructions` })).statusCode,
    ).toBe(401);
  });

  it('lets operators write and read the passwords; agents read the rest and may not write', async () => {
    const owner = await registerCompany(t.app);
    const operator = await addUser(t.app, owner, 'operator');
    const agent = await addUser(t.app, owner, 'agent');
    const siteId = await newSite(owner);
    expect((await save(operator, siteId, document())).statusCode).toBe(200);
    expect((await read(operator, siteId)).json().contacts[0].password).toBe('Tournesol');

    const seen = await read(agent, siteId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().passwordsHidden).toBe(true);
    expect(seen.json().contacts.map((c: { password: string | null }) => c.password)).toEqual([null, null]);
    expect(seen.json().steps).toHaveLength(2);
    expect(seen.body).not.toContain('Tournesol');

    const refused = await save(agent, siteId, { ...document(), steps: [{ text: 'Rien' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'site_instructions.read_only',
      detail: 'Seuls les administrateurs et les opérateurs peuvent modifier les consignes du site',
    });
    expect((await read(owner, siteId)).json().steps).toHaveLength(2);
  });

  it('goes with its site when the site is deleted', async () => {
    const owner = await registerCompany(t.app);
    const siteId = await newSite(owner);
    expect((await save(owner, siteId, document())).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/sites/${siteId}`, headers: owner.auth })).statusCode,
    ).toBe(204);
    const left = await asOwner(
      t,
      sql`select count(*)::int as n from site_instructions where site_id = ${siteId}`,
    );
    expect(left.rows[0]?.n).toBe(0);
    expect((await read(owner, siteId)).statusCode).toBe(404);
  });

  it('gives other modules the document in their transaction, and what an alarm calls for', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const siteId = await newSite(a);
    const defaults = await t.db.withTenant(a.company.id, (tx) => getSiteInstructions(tx, siteId));
    expect(alarmResponseOf(defaults, 'panic')).toBe('active');
    expect(alarmResponseOf(defaults, 'intrusion')).toBe('passive');
    expect(responseTargetsOf(defaults, 'critical')).toEqual({ acceptSeconds: 60, arriveMinutes: 15 });
    expect(responseTargetsOf(defaults, 'low')).toEqual({ acceptSeconds: 300, arriveMinutes: 60 });

    expect((await save(a, siteId, document())).statusCode).toBe(200);
    const saved = await t.db.withTenant(a.company.id, (tx) => getSiteInstructions(tx, siteId));
    expect(saved.contacts[0]?.password).toBe('Tournesol');
    expect(alarmResponseOf(saved, 'fire')).toBe('active');
    expect(responseTargetsOf(saved, 'critical')).toEqual({ acceptSeconds: 45, arriveMinutes: 10 });

    // In another company's transaction the site does not exist.
    const other = await t.db
      .withTenant(b.company.id, (tx) => getSiteInstructions(tx, siteId))
      .catch((err: unknown) => err);
    expect(other).toBeInstanceOf(AppError);
    expect(other).toMatchObject({ statusCode: 404, code: 'sites.not_found' });
  });
});
