// A French text written out by one of the contract's small helpers (`${label} est obligatoire` →
// « Le nom est obligatoire »): the catalogue holds it with its arguments (`{label} est obligatoire`),
// so a finished text is matched back to such a message, the most specific first, and rewritten in
// the current language with its arguments translated (they are catalogue texts too: the labels).
// The server does the same for its answers (apps/server/src/lib/languages.ts).
import { i18n } from '@lingui/core';
import { currentLocale, t } from './i18n';

type Pattern = { id: string; names: string[]; regex: RegExp; literal: number };

const patterns = new Map<string, Pattern[]>();

function patternsOfCurrentLanguage(): Pattern[] {
  const locale = currentLocale();
  let list = patterns.get(locale);
  if (list) return list;
  list = [];
  for (const id of Object.keys(i18n.messages)) {
    // Simple arguments only: a plural's text cannot be matched back reliably.
    if (!id.includes('{') || /\{\s*\w+\s*,/.test(id) || id.startsWith('[')) continue;
    const names: string[] = [];
    let source = '';
    let literal = 0;
    id.split(/\{(\w+)\}/).forEach((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        source += '(.+?)';
      } else {
        source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        literal += part.length;
      }
    });
    // A message made mostly of its arguments would match anything.
    if (literal >= 8) list.push({ id, names, regex: new RegExp(`^${source}$`, 's'), literal });
  }
  list.sort((a, b) => b.literal - a.literal);
  patterns.set(locale, list);
  return list;
}

/** The text in the current language: by its id, else matched back to a message with arguments. */
export function translateWrittenOut(text: string): string {
  if (currentLocale() === 'fr' || i18n.messages[text] !== undefined) return t(text);
  for (const pattern of patternsOfCurrentLanguage()) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Record<string, unknown> = {};
    pattern.names.forEach((name, index) => {
      values[name] ??= t(match[index + 1] ?? '');
    });
    return t(pattern.id, values);
  }
  return text;
}
