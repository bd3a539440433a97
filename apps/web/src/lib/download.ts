// Files the API builds (exports, printable cards) are fetched with the bearer header, like every
// call, then saved through a temporary link: a plain <a href> could not send the header.
import { failure } from './api-client';
import { ApiError } from './api-errors';
import { t } from './i18n/i18n';
import { getToken } from './session';

/** Fetches `url` (an API path with its query) as a file; a French ApiError on failure. */
export async function fetchFile(url: string, fallback: string): Promise<Blob> {
  return (await fetchNamedFile(url, fallback)).blob;
}

/**
 * Like `fetchFile`, with the name the server gives the file in its Content-Disposition (null when
 * it gives none), so that a download is saved under the server's one name for it.
 */
export async function fetchNamedFile(
  url: string,
  fallback: string,
): Promise<{ blob: Blob; name: string | null }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, null, t('Le serveur est injoignable. Vérifiez votre connexion.'));
  }
  if (!response.ok) {
    let detail: unknown = null;
    try {
      const payload: unknown = await response.json();
      detail = payload && typeof payload === 'object' && 'detail' in payload ? payload.detail : null;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw failure(response.status, detail, fallback);
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Malformed escapes: fall back to the plain name.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
