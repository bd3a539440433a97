// Distances on the Earth's surface and the ranking of positions by distance, shared by the planning
// module (clock-in radius), the radio alerts (nearest agents) and the interventions (candidates).

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Items with an optional position, nearest to `from` first; those without a position (or when
 * `from` is unknown) last, by name. Answers each item with its rounded distance (null when unknown).
 */
export function rankByDistance<T extends { name: string; position: { lat: number; lng: number } | null }>(
  items: T[],
  from: { lat: number; lng: number } | null,
): (T & { distanceM: number | null })[] {
  return items
    .map((it) => ({
      ...it,
      distanceM: from && it.position ? Math.round(distanceMetres(from, it.position)) : null,
    }))
    .sort(
      (a, b) =>
        (a.distanceM ?? Number.POSITIVE_INFINITY) - (b.distanceM ?? Number.POSITIVE_INFINITY) ||
        a.name.localeCompare(b.name, 'fr'),
    );
}
