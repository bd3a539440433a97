import { communicationCountCap } from '@vigie/contract/radio-traffic.contract';
import { intlLocale } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

const formatted = (n: number) => n.toLocaleString(intlLocale());

/**
 * What the journal says of what it shows, as the alarms list does: `hasMore` (a next page) is the
 * truth on whether all are shown; the total is exact up to the cap only, and a transmission heard
 * between two pages can make it lag behind.
 */
export function journalSummary(shown: number, total: number, hasMore: boolean) {
  // {count} picks the plural; {shown} and {total} are the numbers as the language writes them.
  const values = { count: shown, shown: formatted(shown) };
  if (!hasMore)
    return t(
      '{count, plural, one {{shown} communication} other {{shown} communications, toutes affichées}}',
      values,
    );
  if (total > shown && total <= communicationCountCap)
    return t(
      '{count, plural, one {{shown} communication affichée sur {total}} other {{shown} communications affichées sur {total}}}',
      { ...values, total: formatted(total) },
    );
  return t(
    '{count, plural, one {{shown} communication affichée sur plus de {total}} other {{shown} communications affichées sur plus de {total}}}',
    { ...values, total: formatted(Math.max(shown, communicationCountCap)) },
  );
}
