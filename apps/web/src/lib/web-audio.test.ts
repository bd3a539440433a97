import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTonePlayer } from './web-audio';

/** A stand-in AudioContext that records the oscillators and gain ramps it is asked for. */
function fakeAudio() {
  const log: string[] = [];
  class FakeContext {
    currentTime = 10;
    state = 'running';
    destination = {};
    resume = vi.fn(async () => {});
    createOscillator() {
      const oscillator = {
        type: '',
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: (at: number) => log.push(`${oscillator.type} ${oscillator.frequency.value} Hz from ${at}`),
        stop: (at: number) => log.push(`stop ${at}`),
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: {
          setValueAtTime: (value: number, at: number) => log.push(`set ${value} at ${at}`),
          linearRampToValueAtTime: (value: number, at: number) => log.push(`ramp ${value} at ${at}`),
        },
        connect: (node: unknown) => node,
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return log;
}

afterEach(() => vi.unstubAllGlobals());

describe('createTonePlayer', () => {
  it('stays silent until unlocked', () => {
    const log = fakeAudio();
    createTonePlayer({ wave: 'sine', volume: 0.3, fadeOut: 0.03 }).play([
      { frequency: 440, startsIn: 0, duration: 0.2 },
    ]);
    expect(log).toEqual([]);
  });

  it('plays each tone with its voice: a fade in, a hold and a fade out', () => {
    const log = fakeAudio();
    const player = createTonePlayer({ wave: 'square', volume: 0.5, fadeOut: 0.25 });
    player.unlock();
    player.play([{ frequency: 1760, startsIn: 0.5, duration: 1 }]);
    expect(log).toEqual([
      'set 0 at 10.5',
      'ramp 0.5 at 10.51',
      'set 0.5 at 11.25',
      'ramp 0 at 11.5',
      'square 1760 Hz from 10.5',
      'stop 11.5',
    ]);
  });

  it('stays silent where there is no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    const player = createTonePlayer({ wave: 'sine', volume: 0.3, fadeOut: 0.03 });
    expect(() => player.unlock()).not.toThrow();
    expect(() => player.play([{ frequency: 440, startsIn: 0, duration: 0.2 }])).not.toThrow();
  });
});
