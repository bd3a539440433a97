import { describe, expect, it } from 'vitest';
import { IDLE_WARNING_MS, idlePhase } from './idle-activity';

describe('auto-logout phases', () => {
  const start = Date.UTC(2026, 10, 21, 8, 0, 0);
  const minutes = 15;
  const end = start + minutes * 60_000;

  it('stays active until one minute before the end', () => {
    expect(idlePhase(start, minutes, start)).toEqual({ phase: 'active' });
    expect(idlePhase(start, minutes, end - IDLE_WARNING_MS - 1)).toEqual({ phase: 'active' });
  });

  it('warns during the last minute with the seconds left, rounded up', () => {
    expect(idlePhase(start, minutes, end - IDLE_WARNING_MS)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(idlePhase(start, minutes, end - 59_500)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(idlePhase(start, minutes, end - 1)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires at the end and after', () => {
    expect(idlePhase(start, minutes, end)).toEqual({ phase: 'expired' });
    expect(idlePhase(start, minutes, end + 3_600_000)).toEqual({ phase: 'expired' });
  });

  it('is extended by a later activity (another tab)', () => {
    expect(idlePhase(end - 30_000, minutes, end)).toEqual({ phase: 'active' });
  });
});
