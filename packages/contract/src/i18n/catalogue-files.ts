// Reading the message catalogues (Node only: the web app's build and its check, the server).
//
// French is the source language: a message's id is its French text, and a catalogue maps that text
// to its translation. Catalogues are split in fragments, one JSON file per area
// (`<dir>/<locale>/<area>.json`), so that several people translate different areas without
// touching the same file; a language's catalogue is the union of its fragments.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const translatedLocales = ['en', 'es'] as const;
export type TranslatedLocale = (typeof translatedLocales)[number];

export type CatalogueFragment = { file: string; messages: Record<string, string> };

/** Every fragment of a language under the given catalogue folders, in a stable order. */
export function readFragments(dirs: string[], locale: TranslatedLocale): CatalogueFragment[] {
  const out: CatalogueFragment[] = [];
  for (const dir of dirs) {
    const folder = join(dir, locale);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.json')) continue;
      const file = join(folder, name);
      out.push({ file, messages: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> });
    }
  }
  return out;
}

/** A language's catalogue: French text → translation (a later fragment never silently wins: see the check). */
export function readCatalogue(dirs: string[], locale: TranslatedLocale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const fragment of readFragments(dirs, locale)) Object.assign(out, fragment.messages);
  return out;
}

/**
 * The French texts with plurals, choices or formatted arguments (`{count, plural, …}`): the only
 * ones French needs compiled (simple `{name}` arguments are cut at run time, without a parser).
 */
export function frenchMessagesWithArguments(dirs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of translatedLocales) {
    for (const id of Object.keys(readCatalogue(dirs, locale))) {
      // `[context] text` (tc()): French shows the text, looked up by itself.
      const text = id.replace(/^\[[\w-]+\] /, '');
      if (/\{\s*\w+\s*,/.test(text)) out[text] = text;
    }
  }
  return out;
}
