// Short tones from the Web Audio API (no audio files to ship or to allow). Browsers only let a page
// make sound after a tap: `unlock` is called from one, and the player stays unlocked afterwards.

/** One tone: its pitch (Hz), when it starts after `play` and how long it lasts (seconds). */
export type Tone = { frequency: number; startsIn: number; duration: number };

/** How every tone of a player sounds: its wave, its volume (0 to 1), its fade out (seconds). */
export type Voice = { wave: OscillatorType; volume: number; fadeOut: number };

/** A player with its own audio context, silent until unlocked (or where there is no Web Audio). */
export function createTonePlayer(voice: Voice) {
  let context: AudioContext | null = null;
  return {
    /** Call from a tap handler (user gesture): creates or resumes the audio context. */
    unlock() {
      try {
        context ??= new AudioContext();
        void context.resume();
      } catch {
        // No Web Audio: the player stays silent.
        context = null;
      }
    },
    play(tones: readonly Tone[]) {
      if (!context) return;
      if (context.state === 'suspended') void context.resume();
      for (const tone of tones) playTone(context, voice, tone);
    },
  };
}

function playTone(audio: AudioContext, voice: Voice, { frequency, startsIn, duration }: Tone) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  const start = audio.currentTime + startsIn;
  oscillator.type = voice.wave;
  oscillator.frequency.value = frequency;
  // A short fade in and out: a raw on/off step clicks in the speaker.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(voice.volume, start + 0.01);
  gain.gain.setValueAtTime(voice.volume, start + duration - voice.fadeOut);
  gain.gain.linearRampToValueAtTime(0, start + duration);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}
