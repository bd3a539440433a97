// Distances on the Earth's surface and the ranking of positions by distance, shared by the planning
// module (clock-in radius), the radio alerts (nearest agents) and the interventions (candidates).

import { distanceMetres } from '@vigie/contract/geo';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export { distanceMetres };

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

/**
 * `distanceMetres` in SQL, from a fixed point to the columns `lat`/`lng` of the row (null when they
 * are): the same haversine, so that a ranking done in the database agrees with one done here.
 */
export function distanceMetresSql(from: { lat: number; lng: number }, lat: SQLWrapper, lng: SQLWrapper): SQL {
  const fromLat = sql`${from.lat}::float8`;
  const fromLng = sql`${from.lng}::float8`;
  return sql`(2 * 6371000 * asin(least(1, sqrt(
    sin(radians(${lat} - ${fromLat}) / 2) ^ 2
    + cos(radians(${fromLat})) * cos(radians(${lat})) * sin(radians(${lng} - ${fromLng}) / 2) ^ 2))))`;
}
