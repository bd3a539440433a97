// The phone's position, taken once when the agent presses a clock button — never in the
// background, never watched: the server only needs it to confirm the agent is on the site.
import { msg, t } from './i18n/i18n';

export type PositionFix = { latitude: number; longitude: number; accuracy: number };

export type LocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'insecure';

export class LocationError extends Error {
  readonly reason: LocationFailure;

  constructor(reason: LocationFailure) {
    super(t(locationMessages[reason]));
    this.name = 'LocationError';
    this.reason = reason;
  }
}

/** What went wrong, in words an agent in the field can act on ('denied' has its own help). */
export const locationMessages: Record<LocationFailure, string> = {
  denied: msg("Vous avez refusé l'accès à votre position : le pointage ne peut pas être vérifié."),
  unavailable: msg(
    'Position introuvable. Vérifiez que la localisation de votre téléphone est activée, puis réessayez.',
  ),
  timeout: msg(
    "Votre position n'a pas pu être obtenue à temps. Placez-vous à l'extérieur ou près d'une fenêtre, puis réessayez.",
  ),
  unsupported: msg(
    'Ce navigateur ne permet pas de partager votre position. Utilisez Chrome, Safari ou Firefox à jour.',
  ),
  insecure: msg(
    "La localisation n'est disponible que sur une connexion sécurisée (https). Prévenez votre administrateur.",
  ),
};

export const LOCATION_TIMEOUT_MS = 15_000;

/** One fresh, precise position (no cached one: it could come from somewhere else). */
export function locateOnce(): Promise<PositionFix> {
  if (typeof window !== 'undefined' && window.isSecureContext === false) {
    return Promise.reject(new LocationError('insecure'));
  }
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    return Promise.reject(new LocationError('unsupported'));
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) => {
        const reason: LocationFailure =
          error.code === error.PERMISSION_DENIED
            ? 'denied'
            : error.code === error.TIMEOUT
              ? 'timeout'
              : 'unavailable';
        reject(new LocationError(reason));
      },
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
