// The phone's position for the protection and the SOS. Never blocking: an answer without a position
// (refused, unavailable, too slow) still goes out, since a check-in or an SOS matters more than
// where it comes from. Taken only while the protection runs, at a check-in, or for an SOS.
import type { LoneWorkerPositionInput } from '@vigie/contract/lone-worker.contract';
import { msg } from '../../lib/i18n/i18n';

export type PositionProblem = 'denied' | 'unavailable' | 'unsupported';

export const positionProblemMessages: Record<PositionProblem, string> = {
  denied: msg(
    "Position non partagée : vous avez refusé l'accès à la localisation. En cas d'alerte, le centre de contrôle ne saura pas où vous êtes. Autorisez-la dans les réglages du navigateur.",
  ),
  unavailable: msg(
    "Position introuvable pour l'instant : vérifiez que la localisation du téléphone est activée.",
  ),
  unsupported: msg('Ce navigateur ne permet pas de partager votre position.'),
};

export type PositionResult =
  | { position: LoneWorkerPositionInput; problem: null }
  | { position: null; problem: PositionProblem };

/** One position within `timeoutMs` (a recent one, up to a minute old, is good enough here). */
export function takePosition(timeoutMs = 8_000): Promise<PositionResult> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || window.isSecureContext === false) {
    return Promise.resolve({ position: null, problem: 'unsupported' });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          position: {
            lat: coords.latitude,
            lng: coords.longitude,
            accuracy: Math.min(Math.max(coords.accuracy, 0), 100_000),
          },
          problem: null,
        }),
      (error) =>
        resolve({
          position: null,
          problem: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
