// The server folds and splits a search exactly as the database folds and splits the rows
// (vigie_tokens, migration 0029): a word the two disagreed on would never be found.

import { searchWords, tokensOf } from '@vigie/contract/search-words';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../test/harness';
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
