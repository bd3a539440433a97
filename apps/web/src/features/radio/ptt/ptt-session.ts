import { PTT_MAX_TRANSMISSION_MS, type PttServerMessage } from '@vigie/contract/radio-traffic.contract';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { LiveAudioPlayer } from './live-audio-player';
import {
  MicrophoneError,
  microphoneHelp,
  pickRecorderMimeType,
  releaseStream,
  requestMicrophone,
} from './microphone';
import { PttChannel, PttFailure } from './ptt-channel';
import { PttRecorder } from './ptt-recorder';
import { idlePttSnapshot, type PttNotice, type PttSnapshot } from './ptt-snapshot';

/**
 * Push-to-talk on one channel, the state machine of its snapshot: the channel's socket (joined on
 * 'Écouter' or on the first 'Parler': ptt-channel.ts), the microphone and its recorder while
 * talking (ptt-recorder.ts), and the live player of the others' transmissions. Framework-free;
 * the panel subscribes to its snapshot. Holds nothing until the user acts, and `dispose()`
 * releases everything (it can be used again afterwards).
 */
export class PttSession {
  private snapshot: PttSnapshot = idlePttSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly getAudio: () => HTMLAudioElement | null;
  private readonly channel: PttChannel;
  private readonly capture: PttRecorder;
  private joining: Promise<void> | null = null;
  /** Bumped by dispose(): asynchronous steps started before it stop where they are. */
  private generation = 0;
  private pressed = false;
  private stream: MediaStream | null = null;
  private mimeType = '';
  private transmissionId: string | null = null;
  private maxTimer: ReturnType<typeof setTimeout> | undefined;
  private player: LiveAudioPlayer | null = null;
  private incomingId: string | null = null;

  constructor(channelId: string, getAudio: () => HTMLAudioElement | null) {
    this.getAudio = getAudio;
    this.channel = new PttChannel(channelId, {
      onMessage: (message) => this.onMessage(message),
      onAudio: (chunk) => this.onAudio(chunk),
      onClose: (event) => this.onClose(event),
    });
    this.capture = new PttRecorder((chunk) => this.channel.sendRaw(chunk));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** 'Écouter': joins the channel (on a click, so the audio is allowed to play). */
  listen() {
    this.connect().catch(() => {
      // The notice says why.
    });
  }

  /** Stops listening (and ends a transmission in progress). */
  leave() {
    this.dispose();
  }

  /** 'Parler' pressed: microphone (asked only now), socket, then talk-start. */
  async pressTalk() {
    if (this.pressed || this.snapshot.talk !== 'idle') return;
    const generation = this.generation;
    this.pressed = true;
    this.capture.arm();
    this.transmissionId = null;
    this.update({ talk: 'preparing', notice: null, micHelp: null });
    const mimeType = pickRecorderMimeType();
    if (!mimeType) {
      this.finishTalk();
      this.update({ micHelp: microphoneHelp.unsupported });
      return;
    }
    const [microphone, joined] = await Promise.allSettled([requestMicrophone(), this.connect()]);
    if (generation !== this.generation) {
      if (microphone.status === 'fulfilled') releaseStream(microphone.value);
      return;
    }
    if (microphone.status === 'fulfilled') this.stream = microphone.value;
    if (microphone.status === 'rejected') {
      this.finishTalk();
      const reason = microphone.reason;
      this.update({
        micHelp: reason instanceof MicrophoneError ? reason.message : microphoneHelp.unsupported,
      });
      return;
    }
    if (joined.status === 'rejected') {
      this.finishTalk();
      return;
    }
    if (!this.pressed) {
      // Released while the browser asked for the microphone.
      this.finishTalk();
      this.update({
        notice: {
          tone: 'info',
          text: t('Micro prêt : maintenez « Parler » enfoncé pendant que vous parlez.'),
        },
      });
      return;
    }
    this.mimeType = mimeType;
    this.update({ talk: 'waiting' });
    this.channel.send({ type: 'talk-start', mimeType });
  }

  /** 'Parler' released: stop the recorder, send its last chunk, then talk-end. */
  releaseTalk() {
    if (!this.pressed) return;
    this.pressed = false;
    clearTimeout(this.maxTimer);
    if (!this.capture.recording) {
      // Preparing: pressTalk finishes it. Waiting: the 'granted' handler ends it.
      if (this.snapshot.talk === 'waiting') this.update({ talk: 'ending' });
      return;
    }
    this.update({ talk: 'ending' });
    const generation = this.generation;
    // The recorder's last chunk leaves ahead of talk-end.
    this.capture.stop(
      () => this.channel.send({ type: 'talk-end' }),
      () => {
        if (generation === this.generation) this.finishTalk();
      },
    );
  }

  /** Releases the microphone, the recorder, the socket and the player. */
  dispose() {
    this.generation++;
    this.pressed = false;
    clearTimeout(this.maxTimer);
    this.capture.cutOff();
    releaseStream(this.stream);
    this.stream = null;
    this.transmissionId = null;
    this.closeSocket();
    this.player?.dispose();
    this.player = null;
    this.incomingId = null;
    this.update({ ...idlePttSnapshot, bytes: this.snapshot.bytes });
  }

  private update(patch: Partial<PttSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private connect(): Promise<void> {
    if (this.joining) return this.joining;
    const generation = this.generation;
    this.update({ connection: 'connecting', notice: null });
    const joining = this.channel.join(() => generation === this.generation);
    this.joining = joining;
    joining.then(
      () => {
        if (generation === this.generation) this.update({ connection: 'on' });
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.closeSocket();
        const text =
          error instanceof PttFailure
            ? error.message
            : errorMessage(error, t('Connexion au canal impossible'));
        this.update({ connection: 'off', speaker: null, notice: { tone: 'error', text } });
      },
    );
    return joining;
  }

  private onMessage(message: PttServerMessage) {
    switch (message.type) {
      case 'joined':
        this.update({ speaker: message.speaker });
        return;
      case 'granted':
        this.onGranted(message.transmissionId);
        return;
      case 'busy':
        this.abortTalk(
          { tone: 'warning', text: t('Canal occupé : {speaker} parle.', { speaker: message.speaker }) },
          false,
        );
        this.update({ speaker: message.speaker });
        return;
      case 'preempted':
        this.abortTalk({ tone: 'warning', text: message.message }, false);
        return;
      case 'speaker-start':
        if (message.transmissionId === this.transmissionId) return;
        this.onSpeakerStart(message.transmissionId, message.mimeType);
        this.update({ speaker: message.speaker });
        return;
      case 'speaker-end':
        if (message.transmissionId === this.incomingId) {
          this.player?.end();
          this.incomingId = null;
          this.channelFree();
        } else if (this.incomingId === null && message.transmissionId !== this.transmissionId) {
          // A transmission already on when we joined (its speaker came with 'joined').
          this.channelFree();
        }
        // Otherwise: our own, or a pre-empted one ending after its successor started.
        return;
      case 'error':
        if (this.snapshot.talk !== 'idle') this.abortTalk({ tone: 'error', text: message.message }, true);
        else this.update({ notice: { tone: 'error', text: message.message } });
        return;
    }
  }

  private onGranted(transmissionId: string) {
    this.transmissionId = transmissionId;
    const stream = this.stream;
    if (!this.pressed || !stream) {
      // Released before the floor was given: give it back at once.
      this.channel.send({ type: 'talk-end' });
      this.finishTalk();
      return;
    }
    try {
      this.capture.start(stream, this.mimeType);
    } catch {
      this.channel.send({ type: 'talk-end' });
      this.finishTalk();
      this.update({ micHelp: microphoneHelp.unsupported });
      return;
    }
    // The server ends a transmission at 60 s: release just before, so the last chunk gets through.
    this.maxTimer = setTimeout(() => this.releaseTalk(), PTT_MAX_TRANSMISSION_MS - 500);
    this.update({ talk: 'talking', talkStartedAt: Date.now() });
  }

  private onSpeakerStart(transmissionId: string, mimeType: string) {
    this.player?.dispose();
    this.player = null;
    this.incomingId = transmissionId;
    const audio = this.getAudio();
    if (audio) this.player = new LiveAudioPlayer(audio, mimeType);
  }

  private onAudio(chunk: ArrayBuffer) {
    this.update({ bytes: this.snapshot.bytes + chunk.byteLength });
    if (this.incomingId !== null) this.player?.push(chunk);
  }

  /** The socket closed on its own (lost, or refused by the server). */
  private onClose(event: CloseEvent) {
    this.joining = null;
    if (this.snapshot.talk !== 'idle') this.abortTalk(null, false);
    this.player?.end();
    this.incomingId = null;
    this.update({
      connection: 'off',
      speaker: null,
      notice: {
        tone: 'error',
        text: event.reason
          ? t('Connexion au canal perdue ({reason}). Appuyez sur « Écouter » pour la rétablir.', {
              reason: event.reason,
            })
          : t('Connexion au canal perdue. Appuyez sur « Écouter » pour la rétablir.'),
      },
    });
  }

  /** Nobody talks any more: a 'Canal occupé' notice is out of date. */
  private channelFree() {
    const busy = this.snapshot.notice?.tone === 'warning';
    this.update({ speaker: null, ...(busy ? { notice: null } : {}) });
  }

  /** Ends our transmission at once (busy, preempted, error, lost connection). */
  private abortTalk(notice: PttNotice | null, sendEnd: boolean) {
    this.capture.cutOff();
    if (sendEnd && this.transmissionId) this.channel.send({ type: 'talk-end' });
    this.finishTalk();
    if (notice) this.update({ notice });
  }

  private finishTalk() {
    clearTimeout(this.maxTimer);
    releaseStream(this.stream);
    this.stream = null;
    this.capture.forget();
    this.pressed = false;
    this.transmissionId = null;
    this.update({ talk: 'idle', talkStartedAt: null });
  }

  private closeSocket() {
    this.channel.close();
    this.joining = null;
  }
}
