// The check-in prompt's alarm: a loud two-tone beep repeated every second (Web Audio, no file to
// ship) and the phone's vibration, until the agent answers. Browsers let a page make sound only
// after a tap: the tap that turns the protection on unlocks the audio for the whole shift.
import { createTonePlayer } from '../../lib/web-audio';

// A square wave carries further than a sine through a phone's small speaker.
const player = createTonePlayer({ wave: 'square', volume: 0.5, fadeOut: 0.02 });

/** Call from a tap handler (user gesture): creates or resumes the audio context. */
export const unlockAlarmSound = player.unlock;

const VIBRATION = [400, 200, 400];

function ring() {
  // Without Web Audio the prompt still shows and vibrates.
  player.play([
    { frequency: 1760, startsIn: 0, duration: 0.2 },
    { frequency: 1320, startsIn: 0.25, duration: 0.2 },
  ]);
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate(VIBRATION);
}

/** Starts the repeating alarm; answers the function that stops it. */
export function startAlarm(): () => void {
  ring();
  const timer = setInterval(ring, 1_000);
  return () => {
    clearInterval(timer);
    if (typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate(0);
  };
}
