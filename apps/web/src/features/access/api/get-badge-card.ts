import { getBadgeCard } from '@vigie/contract/access.contract';
import { fetchFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';

/** The printable card (PDF, credit-card size) of a badge. */
export async function downloadBadgeCard(badgeId: string, number: string) {
  const blob = await fetchFile(
    getBadgeCard.path.replace(':id', encodeURIComponent(badgeId)),
    t('Impossible de générer la carte du badge'),
  );
  saveBlob(blob, `badge-${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`);
}
