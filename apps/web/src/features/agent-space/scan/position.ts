// The position stamped on a scan: taken only when the agent already allowed it (at clock-in), never
// asked for in the middle of a round; a scan without one is still a scan.

export type ScanPosition = { latitude: number; longitude: number };

const QUICK_MS = 4_000;

export async function positionIfAllowed(): Promise<ScanPosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) return null;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: QUICK_MS, maximumAge: 30_000 },
    );
  });
}
