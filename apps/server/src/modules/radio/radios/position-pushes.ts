// Which radio status reports push a `radio.position` event to the control room's map: at most one
// every 5 s per radio, and only a position the screens do not show yet.
//
// Why in memory and not in the status statement: `last_position_at` is rewritten by every report,
// so comparing with it would silence for good a radio that reports more often than every 5 s; an
// exact throttle would need a column for the last push (a migration on a hot table). A push lost
// or duplicated costs little here: the stored position stays the truth and the map reads it again
// on its next read. So each instance remembers, per radio, when it last pushed and what position
// the screens show, bounded in size. What that leaves:
// - several instances each throttle on their own (a radio whose reports are spread over N
//   instances may push N times in 5 s);
// - a radio this instance does not remember (a restart, or evicted when more radios report than it
//   keeps) is pushed only when its position differs from the stored one, compared inside the status
//   statement: a still radio never pushes, whatever the memory says;
// - a move reported inside the 5 s is pushed with the radio's next report after them.

/** A radio's position is pushed at most this often. */
export const RADIO_POSITION_PUSH_MS = 5_000;
/** Radios remembered at most (about 100 bytes each): the least recently reported are forgotten first. */
const MAX_REMEMBERED = 20_000;

/**
 * What the status statement does with the report's position: push it whatever the stored one
 * (`always`), push it only if it differs from the stored one (`if-moved`), or nothing (undefined).
 */
export type PositionPush = 'always' | 'if-moved';

interface Position {
  lat: number;
  lng: number;
}
interface Shown extends Position {
  /** When this instance last pushed the radio's position (ms), -Infinity never. */
  pushedAt: number;
}

export class RadioPositionPushes {
  private readonly shown = new Map<string, Shown>();

  constructor(
    private readonly intervalMs = RADIO_POSITION_PUSH_MS,
    private readonly maxRemembered = MAX_REMEMBERED,
  ) {}

  get size() {
    return this.shown.size;
  }

  /** What to do with a report of `position` by the radio `key` at `now` (ms). */
  plan(key: string, position: Position, now: number): PositionPush | undefined {
    const shown = this.shown.get(key);
    if (!shown) return 'if-moved';
    if (now - shown.pushedAt < this.intervalMs) return undefined;
    // The screens showed this position when this instance last saw the radio; another instance
    // (or an SOS) may have stored another one since: the statement compares with the stored one.
    if (shown.lat === position.lat && shown.lng === position.lng) return 'if-moved';
    return 'always';
  }

  /**
   * After a report planned as `always` or `if-moved` was stored: whether the statement pushed it.
   * Not pushed under `if-moved`, the screens already show that position (it was the stored one).
   */
  settle(key: string, position: Position, now: number, pushed: boolean) {
    const before = this.shown.get(key);
    // Deleted and set again: the map's order is then the least recently reported first.
    this.shown.delete(key);
    this.shown.set(key, {
      lat: position.lat,
      lng: position.lng,
      pushedAt: pushed ? now : (before?.pushedAt ?? Number.NEGATIVE_INFINITY),
    });
    if (this.shown.size > this.maxRemembered) {
      const oldest = this.shown.keys().next().value;
      if (oldest !== undefined) this.shown.delete(oldest);
    }
  }
}
