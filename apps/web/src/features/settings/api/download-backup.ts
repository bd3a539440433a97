import { downloadBackup } from '@vigie/contract/settings.contract';
import { fetchFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';

/** One backup file, fetched with the session and saved under its own name. */
export async function saveBackup(name: string) {
  const path = downloadBackup.path.replace(':name', encodeURIComponent(name));
  const blob = await fetchFile(path, t('Impossible de télécharger la sauvegarde'));
  saveBlob(blob, name);
}
