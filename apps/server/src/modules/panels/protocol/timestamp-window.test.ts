import { describe, expect, it } from 'vitest';
import { checkTimestamp, isTimestampInWindow } from './timestamp-window';

const now = new Date('2024-06-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('timestamp window', () => {
  it('accepts 40 s late to 20 s early by default', () => {
    expect(checkTimestamp(at(-40), now)).toBe('ok');
    expect(checkTimestamp(at(20), now)).toBe('ok');
    expect(checkTimestamp(at(0), now)).toBe('ok');
  });

  it('says late and early beyond', () => {
    expect(checkTimestamp(at(-41), now)).toBe('late');
    expect(checkTimestamp(at(21), now)).toBe('early');
    expect(checkTimestamp(at(-3600), now)).toBe('late');
    expect(isTimestampInWindow(at(-41), now)).toBe(false);
    expect(isTimestampInWindow(at(21), now)).toBe(false);
  });

  it('takes a panel’s own window, and lets a frame without timestamp through', () => {
    const window = { lateSeconds: 120, earlySeconds: 5 };
    expect(checkTimestamp(at(-100), now, window)).toBe('ok');
    expect(checkTimestamp(at(6), now, window)).toBe('early');
    expect(checkTimestamp(undefined, now)).toBe('absent');
    expect(isTimestampInWindow(undefined, now)).toBe(true);
  });
});
