import { maxLogoBytes } from '@vigie/contract/settings.contract';

export const logoTypes = ['image/png', 'image/jpeg'] as const;

/** Why a chosen file cannot be the logo, or null (the server checks the bytes again). */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(logoTypes as readonly string[]).includes(file.type)) return 'Le logo doit être une image PNG ou JPEG';
  if (file.size > maxLogoBytes) return 'Le logo ne doit pas dépasser 2 Mo';
  if (file.size === 0) return 'Le fichier est vide';
  return null;
}

/** The file as a data: URL, which the API accepts as `image`. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Lecture du fichier impossible'));
    reader.readAsDataURL(file);
  });
}
