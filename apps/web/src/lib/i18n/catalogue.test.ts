// The catalogue check: every French text the app shows through t()/msg() (and every label table,
// the contract's included) has its English and Spanish translation, with the same arguments; and
// no French text is written in a component outside the catalogue (JSX text, the attributes a user
// reads, any string with a French letter); a compared value says so with `i18n: not shown`.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readCatalogue, readFragments, translatedLocales } from '@vigie/contract/i18n/catalogue-files';
import { describe, expect, it } from 'vitest';
import { catalogueDirs } from '../../../catalogue-plugin';
import { readSources, sourceFiles } from './catalogue-check';

const root = new URL('../../../../../', import.meta.url).pathname;
const reading = readSources(
  [...sourceFiles(`${root}apps/web/src`), ...sourceFiles(`${root}packages/contract/src`)],
  root,
);

/** The names of a message's arguments, from its compiled form (`["Site ", ["name"]]`). */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (part: unknown) => {
    if (!Array.isArray(part)) return;
    for (const token of part) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const options = token[2];
      if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('finds the messages of the code', () => {
    expect(reading.messages.size).toBeGreaterThan(50);
    expect(reading.messages.has('Acquittée')).toBe(true); // alarmStatusLabels, in the contract
  });

  for (const locale of translatedLocales) {
    it(`has every message in ${locale}`, () => {
      const catalogue = readCatalogue(catalogueDirs, locale);
      const missing = [...reading.messages.entries()]
        .filter(([id]) => !catalogue[id]?.trim())
        .map(([id, places]) => `${id}  (${places[0]})`);
      expect(missing).toEqual([]);
    });

    it(`keeps each message's arguments in ${locale}`, () => {
      const wrong: string[] = [];
      for (const [id, text] of Object.entries(readCatalogue(catalogueDirs, locale))) {
        try {
          if (argumentsOf(id).join() !== argumentsOf(text).join()) wrong.push(`${id} → ${text}`);
        } catch (error) {
          wrong.push(`${id} → ${text}: ${(error as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`gives each message one translation in ${locale}`, () => {
      const seen = new Map<string, string>();
      const clashes: string[] = [];
      for (const { file, messages } of readFragments(catalogueDirs, locale)) {
        for (const [id, text] of Object.entries(messages)) {
          const before = seen.get(id);
          if (before !== undefined && before !== text)
            clashes.push(`${id}: « ${before} » / « ${text} » (${file})`);
          seen.set(id, text);
        }
      }
      expect(clashes).toEqual([]);
    });
  }

  it('finds no French text outside the catalogue', () => {
    // The components' texts (the contract's API descriptions and rules are not components: its
    // labels are read above, its rules' messages are the server's catalogue's).
    const outside = reading.offences
      .filter((o) => o.file.startsWith('apps/web/src/'))
      .map((o) => `${o.file}:${o.line}  ${o.text}`);
    expect(outside).toEqual([]);
  });
});
