import { getCommunicationAudio } from '@vigie/contract/radio-traffic.contract';
import { fetchFile } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';

/** The recording of one transmission, fetched with the bearer header (each listening is logged). */
export function fetchCommunicationAudio(id: string) {
  const url = getCommunicationAudio.path.replace(':id', encodeURIComponent(id));
  return fetchFile(url, t("Impossible de charger l'enregistrement"));
}
