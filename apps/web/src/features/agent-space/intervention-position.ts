// The phone's position for the agent's intervention steps and the positions on duty: one fix,
// recent enough (30 s), never blocking (null when refused, unavailable, slow or too imprecise for
// the server's bound).
import { dutyPositionMaxAccuracyM, type PhonePositionInput } from '@vigie/contract/interventions.contract';

export function phonePosition(timeoutMs = 8_000): Promise<PhonePositionInput | null> {
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
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
