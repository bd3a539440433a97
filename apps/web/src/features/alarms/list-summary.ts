import { alarmCountCap } from '@vigie/contract/alarms.contract';
import { intlLocale } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

const count = (n: number) => n.toLocaleString(intlLocale());

/**
 * What the alarm list says of its total. Status and severity are answered by kept counts, exact at
 * any size; a search is counted up to the cap, one more meaning more (alarms.repository.ts).
 */
export function listSummary(shown: number, total: number, searched: boolean) {
  if (searched && total > alarmCountCap)
    return t('Les {shown} plus récentes sur plus de {cap} alarmes', {
      shown: count(shown),
      cap: count(alarmCountCap),
    });
  if (total > shown)
    return t('Les {shown} plus récentes sur {total} alarmes', { shown: count(shown), total: count(total) });
  return t('{total, plural, one {# alarme} other {# alarmes}}', { total });
}
