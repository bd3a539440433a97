// Messages written in the contract (texts the web and the server both show): French is the source
// and a message's id is its French text, as in the web app (apps/web/src/lib/i18n/i18n.ts). The
// contract cannot hold a language's catalogue, so its texts take the reader's translator: the web's
// `t`, the server's `(m, v) => translate(language, m, v)`; without one they read in French.

/** A message and its arguments in the reader's language. */
export type Translate = (message: string, values?: Record<string, unknown>) => string;

/**
 * French, the source language: the message with its simple `{name}` arguments filled in (the
 * contract's French messages have no plurals or choices: French prints its numbers as they are).
 */
export const frenchText: Translate = (message, values) =>
  values
    ? message.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(values, name) ? String(values[name]) : whole,
      )
    : message;

/** Marks a French text for the catalogue check where it is written; the translator reads it where shown. */
export function msg<T extends string>(message: T): T {
  return message;
}
