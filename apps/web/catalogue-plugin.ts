// Vite plugin: `virtual:vigie-catalogue/<locale>` is a language's catalogue, read from the JSON
// fragments and compiled at build time (ICU MessageFormat → Lingui's compiled form), so that the
// browser never ships the message compiler. French, the source language, needs only its messages
// with arguments ("{count, plural, …}"): a plain French text is its own message.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import {
  frenchMessagesWithArguments,
  readCatalogue,
  readFragments,
  type TranslatedLocale,
  translatedLocales,
} from '../../packages/contract/src/i18n/catalogue-files';

const prefix = 'virtual:vigie-catalogue/';

export const catalogueDirs = [
  new URL('../../packages/contract/locales', import.meta.url).pathname,
  new URL('./src/locales', import.meta.url).pathname,
];

function compiled(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
}

export function cataloguePlugin(): Plugin {
  return {
    name: 'vigie-catalogues',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      for (const l of translatedLocales)
        for (const f of readFragments(catalogueDirs, l)) this.addWatchFile(f.file);
      const messages =
        locale === 'fr'
          ? frenchMessagesWithArguments(catalogueDirs)
          : readCatalogue(catalogueDirs, locale as TranslatedLocale);
      // JSON.parse of a string literal: faster to load than the same object as code.
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled(messages)))});`;
    },
  };
}
