// The phone's position for the agent's intervention steps and the positions on duty: one fix,
// fresh for a step (the agent just moved: « sur place »), up to `maxAgeMs` old for the positions on
// duty, never blocking (null when refused, unavailable, slow or too imprecise for
// the server's bound).
import { dutyPositionMaxAccuracyM, type PhonePositionInput } from '@vigie/contract/interventions.contract';

export function phonePosition(maxAgeMs = 0, timeoutMs = 8_000): Promise<PhonePositionInput | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || window.isSecureContext === false) {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve(
          coords.accuracy > dutyPositionMaxAccuracyM
            ? null
            : { lat: coords.latitude, lng: coords.longitude, accuracy: Math.max(0, coords.accuracy) },
        ),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: maxAgeMs },
    );
  });
}
