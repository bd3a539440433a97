// The web app's languages (French, English, Spanish) on Lingui's runtime.
//
// French is the source: a message's id is its French text, written where it is shown:
//   t('Aucune alarme')                       → a text
//   t('Site {name} supprimé', { name })      → with an argument
//   t('{count, plural, one {# alarme} other {# alarmes}}', { count })
//   tc('settings', 'Sécurité')              → a text read differently by context (id `[settings] Sécurité`)
// A label kept in a table outside any render (a status's name) is marked with msg() where it is
// written, so the catalogue check finds it, and translated with t() where it is shown.
// English and Spanish catalogues are compiled at build time (catalogue-plugin.ts) and each loads
// only when chosen; French needs only its few messages with arguments.

import { messages as frenchMessages } from 'virtual:vigie-catalogue/fr';
import { i18n, type Messages } from '@lingui/core';

export const appLocales = ['fr', 'en', 'es'] as const;
export type AppLocale = (typeof appLocales)[number];

// A French message needs no ICU parser unless it has plurals or choices (those are in the compiled
// French catalogue): its text, cut at its simple arguments ("Site {name}" → ["Site ", ["name"]]).
i18n.setMessagesCompiler((message) =>
  message
    .split(/\{(\w+)\}/)
    .map((part, index) => (index % 2 === 1 ? ([part] as [string]) : part))
    .filter((part) => part !== ''),
);
i18n.loadAndActivate({ locale: 'fr', messages: frenchMessages as Messages });

const loaders: Record<Exclude<AppLocale, 'fr'>, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('virtual:vigie-catalogue/en'),
  es: () => import('virtual:vigie-catalogue/es'),
};

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (appLocales as readonly string[]).includes(value);
}

/** The language of the browser when it is one of ours (the public pages, before sign-in), else French. */
export function browserLocale(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): AppLocale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isAppLocale(primary)) return primary;
  }
  return 'fr';
}

/** The message in the current language (the French text when it has no translation). */
export function t(message: string, values?: Record<string, unknown>): string {
  return i18n._(message, values);
}

/**
 * A French text that reads differently by context in other languages (« Sécurité »: the settings'
 * security, the agent's safety): its catalogue id is `[context] text`; French shows the text.
 */
export function tc(context: string, message: string, values?: Record<string, unknown>): string {
  const id = `[${context}] ${message}`;
  if (i18n.locale !== 'fr' && i18n.messages[id] !== undefined) return i18n._(id, values);
  return t(message, values);
}

/** Marks a French text for the catalogue where it is written; t() translates it where it is shown. */
export function msg<T extends string>(message: T): T {
  return message;
}

export function currentLocale(): AppLocale {
  return i18n.locale as AppLocale;
}

let requested: AppLocale = 'fr';

/** Switches the language; the catalogue is fetched the first time. Concurrent calls: the last one wins. */
export async function setLocale(locale: AppLocale): Promise<void> {
  requested = locale;
  if (locale === i18n.locale) return;
  if (locale === 'fr') {
    i18n.activate('fr');
  } else {
    const { messages } = await loaders[locale]();
    if (requested !== locale) return;
    i18n.loadAndActivate({ locale, messages: messages as Messages });
  }
  document.documentElement.lang = locale;
}

/** Subscribes to language changes (for useLocale). */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}
