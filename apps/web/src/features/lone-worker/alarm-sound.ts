// The check-in prompt's alarm: a loud two-tone beep repeated every second (Web Audio, no file to
// ship) and the phone's vibration, until the agent answers. Browsers let a page make sound only
// after a tap: the tap that turns the protection on unlocks the audio for the whole shift.

let context: AudioContext | null = null;

/** Call from a tap handler (user gesture): creates or resumes the audio context. */
export function unlockAlarmSound() {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // No Web Audio: the prompt still shows and vibrates.
    context = null;
  }
}

function tone(audio: AudioContext, frequency: number, startsIn: number, duration: number) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime + startsIn;
  // A square wave carries further than a sine through a phone's small speaker.
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.5, start + 0.01);
  gain.gain.setValueAtTime(0.5, start + duration - 0.02);
  gain.gain.linearRampToValueAtTime(0, start + duration);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}

const VIBRATION = [400, 200, 400];

function ring() {
  if (context) {
    if (context.state === 'suspended') void context.resume();
    tone(context, 1760, 0, 0.2);
    tone(context, 1320, 0.25, 0.2);
  }
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
