import { deName } from '../../../lib/french';
import { currentLocale } from '../../../lib/i18n/i18n';

/**
 * A camera's name as a message's argument: « de Hall » / « d'Entrée » in French, where the message
 * leaves the preposition to it (elision), the bare name in the other languages.
 */
export const ofName = (name: string) => (currentLocale() === 'fr' ? deName(name) : name);
