import { describe, expect, it } from 'vitest';
import { SHOWN_AT_MOST, visibleOptions } from './select';

const sites = Array.from({ length: 2000 }, (_, i) => ({ value: `s${i}`, label: `Site ${i} — Résidence` }));

describe('a searchable list', () => {
  it('keeps the options with a word starting with each word searched, accents and case aside', () => {
    const options = [
      { value: 'a', label: 'Entrepôt frigorifique du Grand-Quevilly' },
      { value: 'b', label: 'Siège Banque Méridia' },
      { value: 'c', label: 'Entrepôt Nord' },
    ];
    expect(visibleOptions(options, 'ENTREPOT', undefined).shown.map((o) => o.value)).toEqual(['a', 'c']);
    expect(visibleOptions(options, 'entrepôt nord', undefined).shown.map((o) => o.value)).toEqual(['c']);
    expect(visibleOptions(options, 'meridia siege', undefined).shown.map((o) => o.value)).toEqual(['b']);
    expect(visibleOptions(options, 'gare', undefined)).toEqual({ shown: [], more: 0 });
    // Words are matched from their start: « ill » is inside « Quevilly », it starts none of its words.
    expect(visibleOptions(options, 'quev', undefined).shown.map((o) => o.value)).toEqual(['a']);
    expect(visibleOptions(options, 'ill', undefined).shown).toEqual([]);
  });

  it('renders at most a hundred, says how many more, and always the chosen one', () => {
    const all = visibleOptions(sites, '', undefined);
    expect(all.shown).toHaveLength(SHOWN_AT_MOST);
    expect(all.more).toBe(2000 - SHOWN_AT_MOST);
    // The trigger shows the chosen option's label from its rendered item: it is never left out.
    const chosen = visibleOptions(sites, '', 's1500');
    expect(chosen.shown).toHaveLength(SHOWN_AT_MOST + 1);
    expect(chosen.shown.at(-1)?.value).toBe('s1500');
    expect(chosen.more).toBe(2000 - SHOWN_AT_MOST - 1);
    expect(visibleOptions(sites, 'site 1500', 's3').shown.map((o) => o.value)).toEqual(['s1500', 's3']);
  });
});
