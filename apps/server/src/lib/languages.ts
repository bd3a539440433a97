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

/** The message in that language (its French text when it has no translation yet). */
export function translate(language: Language, message: string, values?: Record<string, unknown>): string {
  const i18n = instance(language);
  // A text without a translation (a detail built around a value, not moved to arguments yet) stays
  // as it is: compiling it as a message could misread a user's brace.
  if (i18n.messages[message] !== undefined) return i18n._(message, values);
  return values ? instance('fr')._(message, values) : message;
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
