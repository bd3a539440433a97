import { communicationCountCap } from '@vigie/contract/radio-traffic.contract';

const count = (n: number) => n.toLocaleString('fr-FR');

/**
 * What the journal says of what it shows, as the alarms list does: `hasMore` (a next page) is the
 * truth on whether all are shown; the total is exact up to the cap only, and a transmission heard
 * between two pages can make it lag behind.
 */
export function journalSummary(shown: number, total: number, hasMore: boolean) {
  const s = shown > 1 ? 's' : '';
  if (!hasMore)
    return shown > 1 ? `${count(shown)} communications, toutes affichées` : `${shown} communication`;
  if (total > shown && total <= communicationCountCap)
    return `${count(shown)} communication${s} affichée${s} sur ${count(total)}`;
  return `${count(shown)} communication${s} affichée${s} sur plus de ${count(Math.max(shown, communicationCountCap))}`;
}
