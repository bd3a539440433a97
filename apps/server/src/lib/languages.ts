// The server's words in the reader's language: problem details (and, as they move over, e-mails,
// notifications and documents). French is the source and a message's id is its French text, as in
// the web app; the English and Spanish catalogues are the contract's fragments and the server's own
// (packages/contract/locales, apps/server/src/locales), compiled once, on first use.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { languages } from '@vigie/contract/enums';
import { readCatalogue, type TranslatedLocale } from '@vigie/contract/i18n/catalogue-files';
import type { FastifyRequest } from 'fastify';

export type Language = (typeof languages)[number];

export const catalogueDirs = [
  new URL('../../../../packages/contract/locales', import.meta.url).pathname,
  new URL('../locales', import.meta.url).pathname,
];

const instances = new Map<Language, I18n>();

function instance(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    const messages: Messages = {};
    if (language !== 'fr') {
      for (const [id, text] of Object.entries(readCatalogue(catalogueDirs, language as TranslatedLocale)))
        messages[id] = compileMessage(text);
    }
    i18n.loadAndActivate({ locale: language, messages });
    instances.set(language, i18n);
  }
  return i18n;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The message in that language (its French text when it has no translation yet). A `…Label`
 * argument (a status, a plan's name) is itself a French text, translated like the message.
 */
export function translate(language: Language, message: string, values?: Record<string, unknown>): string {
  const i18n = instance(language);
  const own = values && translatedLabels(language, values);
  if (i18n.messages[message] !== undefined) return i18n._(message, own);
  // A text without a translation (a detail built around a value, not moved to arguments yet) stays
  // as it is: compiling it as a message could misread a user's brace.
  if (values) return instance('fr')._(message, values);
  return language === 'fr' ? message : (fromPattern(language, message) ?? message);
}

function translatedLabels(language: Language, values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = name.endsWith('Label') && typeof value === 'string' ? translate(language, value) : value;
  return out;
}

type Pattern = { id: string; names: string[]; regex: RegExp; literal: number };
const patterns = new Map<Language, Pattern[]>();

/**
 * The contract's messages are built by small helpers (`${label} est obligatoire`) and reach the
 * server already written out; the catalogue holds them with arguments (`{label} est obligatoire`).
 * A finished French text is matched back to such a message (the most specific one first) and
 * rewritten in the language, its arguments translated when they are catalogue texts (the labels).
 */
function fromPattern(language: Language, text: string, nested = false): string | null {
  for (const p of patternsOf(language)) {
    // A short message (`{address} est {range}`) would match too much on its own: it is only tried
    // inside a longer one already matched.
    if (!nested && p.literal < 8) continue;
    const match = p.regex.exec(text);
    if (!match) continue;
    const values: Record<string, unknown> = {};
    p.names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      values[name] ??=
        instance(language).messages[value] !== undefined
          ? instance(language)._(value)
          : (fromPattern(language, value, true) ?? value);
    });
    return instance(language)._(p.id, values);
  }
  return null;
}

function patternsOf(language: Language): Pattern[] {
  let list = patterns.get(language);
  if (list) return list;
  list = [];
  for (const id of Object.keys(instance(language).messages)) {
    // Simple arguments only: a plural's text cannot be matched back reliably.
    if (!id.includes('{') || /\{\s*\w+\s*,/.test(id)) continue;
    const parts = compileMessage(id);
    if (typeof parts === 'string') continue;
    const names: string[] = [];
    let source = '';
    let literal = 0;
    for (const part of parts) {
      if (typeof part === 'string') {
        source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        literal += part.length;
      } else {
        names.push(String(part[0]));
        source += '(.+?)';
      }
    }
    // A message made only of its arguments would match anything.
    if (literal >= 4) list.push({ id, names, regex: new RegExp(`^${source}$`, 's'), literal });
  }
  list.sort((a, b) => b.literal - a.literal);
  patterns.set(language, list);
  return list;
}

/** The first of our languages in an Accept-Language header, by preference (q), else null. */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header || header.length > 500) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.tag).find(isLanguage) ?? null;
}

/** A request's language: the signed-in user's (his profile), else the browser's, else French. */
export function requestLanguage(request: FastifyRequest): Language {
  const own = request.auth?.user.language;
  if (isLanguage(own)) return own;
  return acceptedLanguage(request.headers['accept-language']) ?? 'fr';
}
