import { downloadBackup } from '@vigie/contract/settings.contract';
import { fetchFile, saveBlob } from '../../../lib/download';

/** One backup file, fetched with the session and saved under its own name. */
export async function saveBackup(name: string) {
  const path = downloadBackup.path.replace(':name', encodeURIComponent(name));
  const blob = await fetchFile(path, 'Impossible de télécharger la sauvegarde');
  saveBlob(blob, name);
}
