import { alarmCountCap } from '@vigie/contract/alarms.contract';

const count = (n: number) => n.toLocaleString('fr-FR');

/**
 * What the alarm list says of its total. Status and severity are answered by kept counts, exact at
 * any size; a search is counted up to the cap, one more meaning more (alarms.repository.ts).
 */
export function listSummary(shown: number, total: number, searched: boolean) {
  if (searched && total > alarmCountCap)
    return `Les ${count(shown)} plus récentes sur plus de ${count(alarmCountCap)} alarmes`;
  if (total > shown) return `Les ${count(shown)} plus récentes sur ${count(total)} alarmes`;
  return `${count(total)} alarme${total > 1 ? 's' : ''}`;
}
