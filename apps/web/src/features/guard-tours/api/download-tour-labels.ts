import { fetchFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';

/** The printable labels (PDF), saved as a file. */
export async function downloadLabels(id: string, name: string) {
  const blob = await fetchFile(`/api/tours/${id}/labels.pdf`, t('Impossible de générer les étiquettes'));
  saveBlob(blob, `etiquettes-${name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)}.pdf`);
}
