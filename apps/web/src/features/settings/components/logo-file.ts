import { maxLogoBytes } from '@vigie/contract/settings.contract';
import { msg, t } from '../../../lib/i18n/i18n';

export const logoTypes = ['image/png', 'image/jpeg'] as const;

/**
 * Why a chosen file cannot be the logo, or null (the server checks the bytes again): a catalogue
 * message, translated where shown (FormField).
 */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(logoTypes as readonly string[]).includes(file.type))
    return msg('Le logo doit être une image PNG ou JPEG');
  if (file.size > maxLogoBytes) return msg('Le logo ne doit pas dépasser 2 Mo');
  if (file.size === 0) return msg('Le fichier est vide');
  return null;
}

/** The file as a data: URL, which the API accepts as `image`. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(t('Lecture du fichier impossible')));
    reader.readAsDataURL(file);
  });
}
