// Short tones from the Web Audio API (no audio files to ship or to allow): one high beep when the
// door may open, two low ones when it may not. Browsers only let a page make sound after a tap,
// so the audio is unlocked by the tap that starts the kiosk.

let context: AudioContext | null = null;

/** Call from a tap handler (user gesture): creates or resumes the audio context. */
export function unlockAudio() {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // No Web Audio: the kiosk stays silent, the screen still says everything.
    context = null;
  }
}

function tone(audio: AudioContext, frequency: number, startsIn: number, duration: number) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime + startsIn;
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  // A short fade in and out: a raw on/off step clicks in the speaker.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.3, start + 0.01);
  gain.gain.setValueAtTime(0.3, start + duration - 0.03);
  gain.gain.linearRampToValueAtTime(0, start + duration);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}

export function beep(kind: 'granted' | 'refused') {
  if (!context) return;
  if (context.state === 'suspended') void context.resume();
  if (kind === 'granted') tone(context, 1320, 0, 0.18);
  else {
    tone(context, 220, 0, 0.18);
    tone(context, 220, 0.26, 0.18);
  }
}
