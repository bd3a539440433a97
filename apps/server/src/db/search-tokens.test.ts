// The server folds and splits a search exactly as the database folds and splits the rows
// (vigie_tokens, migration 0029): a word the two disagreed on would never be found.

import { searchWords, tokensOf } from '@vigie/contract/search-words';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createTestApp, engines, registerCompany, type TestApp } from '../test/harness';
import { rowsOf } from './rows';
import { prefixEnd } from './search-tokens';

const samples = [
  'Portail nord — « Entrée » principale',
  'ÉCOLE Œuvre Cæsar ÀÁÂÃÄÅ çÇ ÈÉÊË ìíîï ÑÒÓÔÕÖØ ùúûü ýÿÝŸ',
  'l’accès B-00042 / zone 7 (niveau -1), Détecteur n°12',
  'Straße Łódź 東京 émoji 🚨 fin',
  `${'a'.repeat(40)} court`,
  '   --  ',
];

describe('search words', () => {
  it('cut prefixes within [0-9a-z]', () => {
    expect(prefixEnd('port')).toBe('poru');
    expect(prefixEnd('porz')).toBe('pos');
    expect(prefixEnd('a9')).toBe('aa');
    expect(prefixEnd('zz')).toBeNull();
    expect(searchWords('port Portail « nord »')).toEqual(['portail', 'nord']);
    expect(searchWords('!!')).toEqual([]);
  });
});

describe.each(engines)('search words as the database cuts them (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are the tokens vigie_tokens keeps', async () => {
    for (const text of samples) {
      const [row] = rowsOf<{ t: string[] | string }>(
        await t.db.direct.execute(sql`select vigie_tokens(${text}) as t`),
      );
      const db =
        typeof row?.t === 'string'
          ? row.t
              .replace(/^\{|\}$/g, '')
              .split(',')
              .filter(Boolean)
          : (row?.t ?? []);
      expect([...db].sort(), text).toEqual(tokensOf(text).sort());
    }
  });
});

// The insert triggers compute a new row's words inline (migration 0042) where the update and rename
// triggers call alarm_search_words / audit_search_words: both must keep the same words.
describe.each(engines)('tokens written on insert (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are the words of the row, for alarms with a site and a camera and for audit entries', async () => {
    const tenant = await registerCompany(t.app, { name: 'Mots à l’insertion' });
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: tenant.auth, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const site = await post('/api/sites', { name: 'Entrepôt Œillet', address: '3 rue Sainte-Hélène, Lyon' });
    const camera = await post('/api/cameras', {
      siteId: site.id,
      name: 'Caméra quai n°2',
      location: 'Quai',
      rtspUrl: 'rtsp://127.0.0.1:1/',
    });
    await post('/api/alarms', {
      siteId: site.id,
      title: 'Porte forcée',
      description: 'Zone 7',
      location: 'Hall',
    });
    await post('/api/alarms', {
      siteId: site.id,
      cameraId: camera.id,
      title: 'Mouvement détecté',
      description: 'Quai de livraison',
      location: 'Extérieur',
    });
    const mismatches = await asOwner(
      t,
      sql`select 'alarm' as k, a.id::text as id from alarms a
           where a.company_id = ${tenant.company.id}::uuid
             and array(select unnest(alarm_search_words(a)) order by 1)
                 <> array(select token from alarm_search_tokens s where s.company_id = a.company_id and s.alarm_id = a.id order by 1)
          union all
          select 'audit', e.id::text from audit_log e
           where e.company_id = ${tenant.company.id}::uuid
             and array(select unnest(audit_search_words(e)) order by 1)
                 <> array(select token from audit_search_tokens s where s.company_id = e.company_id and s.entry_id = e.id order by 1)`,
    );
    const counts = await asOwner(
      t,
      sql`select (select count(*) from alarms where company_id = ${tenant.company.id}::uuid)::int as alarms,
                 (select count(*) from audit_log where company_id = ${tenant.company.id}::uuid)::int as audits`,
    );
    expect(counts.rows[0]).toMatchObject({ alarms: 2 });
    expect(Number(counts.rows[0]?.audits)).toBeGreaterThanOrEqual(4);
    expect(mismatches.rows).toEqual([]);
  });
});
