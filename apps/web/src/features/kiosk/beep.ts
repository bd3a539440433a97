// One high beep when the door may open, two low ones when it may not. The audio is unlocked by the
// tap that starts the kiosk; without Web Audio the kiosk stays silent, the screen still says everything.
import { createTonePlayer } from '../../lib/web-audio';

const player = createTonePlayer({ wave: 'sine', volume: 0.3, fadeOut: 0.03 });

/** Call from a tap handler (user gesture): creates or resumes the audio context. */
export const unlockAudio = player.unlock;

export function beep(kind: 'granted' | 'refused') {
  player.play(
    kind === 'granted'
      ? [{ frequency: 1320, startsIn: 0, duration: 0.18 }]
      : [
          { frequency: 220, startsIn: 0, duration: 0.18 },
          { frequency: 220, startsIn: 0.26, duration: 0.18 },
        ],
  );
}
