// The journal's search finds entries by the French names it shows (migration 0036): the database's
// copy of those names is the contract's, and a search for « connexion » or « caméra ajoutée » finds
// the entries written with the codes auth.login and camera.created.
import { actionLabels, entityLabels } from '@vigie/contract/audit-labels';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';

describe.each(engines)('audit journal search by French names on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds the names of packages/contract/src/audit-labels.ts', async () => {
    const namesIn = async (
      fn: 'audit_action_label' | 'audit_entity_label',
      map: Readonly<Record<string, string>>,
    ) =>
      Object.fromEntries(
        rowsOf<{ code: string; label: string | null }>(
          await t.db.direct.execute(
            sql`select code, ${sql.raw(fn)}(code) as label
                  from jsonb_array_elements_text(${JSON.stringify(Object.keys(map))}::jsonb) code`,
          ),
        ).map((r) => [r.code, r.label]),
      );
    const message = 'audit-labels.ts changed: write a migration that replaces this function (as 0036 does)';
    expect(await namesIn('audit_action_label', actionLabels), message).toEqual(actionLabels);
    expect(await namesIn('audit_entity_label', entityLabels), message).toEqual(entityLabels);
  });

  it('finds entries by their action and object in French, accents and case aside', async () => {
    const owner = await registerCompany(t.app);
    const camera = async () => {
      const site = await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Dépôt', address: '1 rue du Port' },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/cameras',
        headers: owner.auth,
        payload: {
          siteId: site.json().id,
          name: 'Quai 4',
          location: 'Quai',
          rtspUrl: 'rtsp://192.0.2.10/flux',
        },
      });
    };
    expect((await camera()).statusCode).toBe(201);
    const actionsFound = async (search: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/audit?search=${encodeURIComponent(search)}`,
          headers: owner.auth,
        })
      )
        .json()
        .map((e: { action: string }) => e.action)
        .sort();
    expect(await actionsFound('caméra ajoutée')).toEqual(['camera.created']);
    expect(await actionsFound('CAMERA')).toEqual(['camera.created']);
    expect(await actionsFound('site cree')).toEqual(['site.created']);
    expect(await actionsFound('societe inscrite')).toEqual(['company.registered']);
    // The codes still match, as before.
    expect(await actionsFound('camera.created')).toEqual(['camera.created']);
    // An update carries the camera's name (the journal's « Objet »): found by it too.
    const camId = (await t.app.inject({ method: 'GET', url: '/api/cameras', headers: owner.auth })).json()[0]
      .id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camId}`,
      headers: owner.auth,
      payload: { location: 'Quai nord' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await actionsFound('quai 4')).toEqual(['camera.created', 'camera.updated']);
    expect(await actionsFound('caméra modifiée')).toEqual(['camera.updated']);
    // A badge's changes carry its number, which never changes: each one is found by it.
    const badge = await t.app.inject({
      method: 'POST',
      url: '/api/access/badges',
      headers: owner.auth,
      payload: { badgeType: 'nfc', badgeId: 'B-7781', holderName: 'Inès Moreau' },
    });
    expect(badge.statusCode).toBe(201);
    const suspended = await t.app.inject({
      method: 'PATCH',
      url: `/api/access/badges/${badge.json().id}`,
      headers: owner.auth,
      payload: { status: 'Suspendu' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await actionsFound('b 7781')).toEqual(['badge.created', 'badge.suspended']);
    // Another company's entries of the same names are never found.
    const other = await registerCompany(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/audit?search=${encodeURIComponent('caméra ajoutée')}`,
      headers: other.auth,
    });
    expect(theirs.json()).toEqual([]);
  });
});
