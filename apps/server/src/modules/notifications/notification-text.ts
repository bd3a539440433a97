// A notification's title and body in one reader's language. Callers write them as French messages
// with arguments (`Rapport prêt`, `{title} est prêt à être téléchargé.`), stored with their values;
// each reader (the bell, an e-mail, an SMS, a push) gets them in his own language. A row without
// values (written before messages had arguments) is shown as it is.
import { isLanguage, type Language, translate } from '../../lib/languages';

export type MessageValues = Record<string, unknown>;

/** The reader's language from a stored profile value, French when unknown. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : 'fr');

/**
 * The text in `language`: the message with its values (a `…Label` value is itself a French text,
 * translated with it), or the stored text as it is when it has no values.
 */
export function notificationText(language: Language, text: string, values: MessageValues | null | undefined) {
  if (!values) return text;
  return translate(language, text, values);
}
