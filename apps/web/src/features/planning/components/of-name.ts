import { deName } from '../../../lib/french';
import { currentLocale } from '../../../lib/i18n/i18n';

/**
 * The argument for « la fiche {ofName} »: « de Paul » / « d'Alice » in French (lib/french.ts elides),
 * the bare name in the other languages, whose sentences hold their own preposition.
 */
export function ofName(name: string): string {
  return currentLocale() === 'fr' ? deName(name) : name;
}
