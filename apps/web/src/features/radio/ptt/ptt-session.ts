import {
  PTT_MAX_TRANSMISSION_MS,
  type PttClientMessage,
  type PttServerMessage,
} from '@vigie/contract/radio-traffic.contract';
import { errorMessage } from '../../../lib/api-errors';
import { LiveAudioPlayer } from './live-audio-player';
import {
  MicrophoneError,
  microphoneHelp,
  pickRecorderMimeType,
  releaseStream,
  requestMicrophone,
} from './microphone';
import { openPttSocket, parseServerMessage } from './ptt-socket';

export type PttConnection = 'off' | 'connecting' | 'on';
/** preparing: microphone and socket; waiting: talk-start sent; ending: released, last chunk going. */
export type PttTalk = 'idle' | 'preparing' | 'waiting' | 'talking' | 'ending';
export type PttNotice = { tone: 'info' | 'warning' | 'error'; text: string };

export type PttSnapshot = {
  connection: PttConnection;
  talk: PttTalk;
  /** When our transmission started (Date.now()), for the running time. */
  talkStartedAt: number | null;
  /** Who is talking on the channel (someone else). */
  speaker: string | null;
  /** Audio bytes received since the page opened (tests read it). */
  bytes: number;
  notice: PttNotice | null;
  /** Why the microphone is needed and how to allow it, after a refusal. */
  micHelp: string | null;
};

export const idlePttSnapshot: PttSnapshot = {
  connection: 'off',
  talk: 'idle',
  talkStartedAt: null,
  speaker: null,
  bytes: 0,
  notice: null,
  micHelp: null,
};

const JOIN_TIMEOUT_MS = 10_000;
/** MediaRecorder timeslice: a chunk every 250 ms keeps the delay low. */
const CHUNK_MS = 250;

/** A failure whose message is already French and meant for the user. */
class PttFailure extends Error {}

/**
 * Push-to-talk on one channel: the socket (joined on 'Écouter' or on the first 'Parler'), the
 * microphone and its recorder while talking, and the live player of the others' transmissions.
 * Framework-free; the panel subscribes to its snapshot. Holds nothing until the user acts, and
 * `dispose()` releases everything (it can be used again afterwards).
 */
export class PttSession {
  private snapshot: PttSnapshot = idlePttSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly channelId: string;
  private readonly getAudio: () => HTMLAudioElement | null;
  private socket: WebSocket | null = null;
  private joining: Promise<void> | null = null;
  /** Bumped by dispose(): asynchronous steps started before it stop where they are. */
  private generation = 0;
  private pressed = false;
  private stream: MediaStream | null = null;
  private recorder: MediaRecorder | null = null;
  private mimeType = '';
  private transmissionId: string | null = null;
  /** Nothing more is sent for this transmission (preempted, failed, left). */
  private cut = false;
  /** Chunks leave in order: each waits for the one before. */
  private sending: Promise<void> = Promise.resolve();
  private maxTimer: ReturnType<typeof setTimeout> | undefined;
  private player: LiveAudioPlayer | null = null;
  private incomingId: string | null = null;

  constructor(channelId: string, getAudio: () => HTMLAudioElement | null) {
    this.channelId = channelId;
    this.getAudio = getAudio;
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
    this.cut = false;
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
        notice: { tone: 'info', text: 'Micro prêt : maintenez « Parler » enfoncé pendant que vous parlez.' },
      });
      return;
    }
    this.mimeType = mimeType;
    this.update({ talk: 'waiting' });
    this.send({ type: 'talk-start', mimeType });
  }

  /** 'Parler' released: stop the recorder, send its last chunk, then talk-end. */
  releaseTalk() {
    if (!this.pressed) return;
    this.pressed = false;
    clearTimeout(this.maxTimer);
    const recorder = this.recorder;
    if (!recorder) {
      // Preparing: pressTalk finishes it. Waiting: the 'granted' handler ends it.
      if (this.snapshot.talk === 'waiting') this.update({ talk: 'ending' });
      return;
    }
    this.update({ talk: 'ending' });
    const generation = this.generation;
    const end = () => {
      this.sending = this.sending.then(() => {
        if (!this.cut) this.send({ type: 'talk-end' });
      });
      void this.sending.then(() => {
        if (generation === this.generation) this.finishTalk();
      });
    };
    if (recorder.state === 'inactive') {
      end();
      return;
    }
    // The last 'dataavailable' comes before 'stop': its chunk is queued ahead of talk-end.
    recorder.addEventListener('stop', end, { once: true });
    recorder.stop();
  }

  /** Releases the microphone, the recorder, the socket and the player. */
  dispose() {
    this.generation++;
    this.cut = true;
    this.pressed = false;
    clearTimeout(this.maxTimer);
    const recorder = this.recorder;
    this.recorder = null;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
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
    const joining = this.join(generation);
    this.joining = joining;
    joining.then(
      () => {
        if (generation === this.generation) this.update({ connection: 'on' });
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.closeSocket();
        const text =
          error instanceof PttFailure ? error.message : errorMessage(error, 'Connexion au canal impossible');
        this.update({ connection: 'off', speaker: null, notice: { tone: 'error', text } });
      },
    );
    return joining;
  }

  private async join(generation: number) {
    const socket = await openPttSocket(this.channelId);
    if (generation !== this.generation) {
      socket.close(1000);
      throw new PttFailure('Canal quitté');
    }
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () => settle(new PttFailure('Le canal ne répond pas. Réessayez dans un instant.')),
        JOIN_TIMEOUT_MS,
      );
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (socket !== this.socket) return;
        if (event.data instanceof ArrayBuffer) {
          this.onAudio(event.data);
          return;
        }
        if (typeof event.data !== 'string') return;
        const message = parseServerMessage(event.data);
        if (!message) return;
        if (message.type === 'joined') settle();
        if (message.type === 'error' && !settled) {
          settle(new PttFailure(message.message));
          return;
        }
        this.onMessage(message);
      });
      socket.addEventListener('close', (event) => {
        settle(new PttFailure(event.reason || 'Connexion au canal impossible'));
        this.onClose(socket, event);
      });
    });
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
        this.abortTalk({ tone: 'warning', text: `Canal occupé : ${message.speaker} parle.` }, false);
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
      this.send({ type: 'talk-end' });
      this.finishTalk();
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: this.mimeType });
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) this.sendChunk(event.data);
      });
      recorder.start(CHUNK_MS);
    } catch {
      this.send({ type: 'talk-end' });
      this.finishTalk();
      this.update({ micHelp: microphoneHelp.unsupported });
      return;
    }
    this.recorder = recorder;
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

  private onClose(socket: WebSocket, event: CloseEvent) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.joining = null;
    if (this.snapshot.talk !== 'idle') this.abortTalk(null, false);
    this.player?.end();
    this.incomingId = null;
    const reason = event.reason ? ` (${event.reason})` : '';
    this.update({
      connection: 'off',
      speaker: null,
      notice: {
        tone: 'error',
        text: `Connexion au canal perdue${reason}. Appuyez sur « Écouter » pour la rétablir.`,
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
    const recorder = this.recorder;
    this.recorder = null;
    this.cut = true;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    if (sendEnd && this.transmissionId) this.send({ type: 'talk-end' });
    this.finishTalk();
    if (notice) this.update({ notice });
  }

  private finishTalk() {
    clearTimeout(this.maxTimer);
    releaseStream(this.stream);
    this.stream = null;
    this.recorder = null;
    this.pressed = false;
    this.transmissionId = null;
    this.update({ talk: 'idle', talkStartedAt: null });
  }

  private sendChunk(blob: Blob) {
    this.sending = this.sending
      .then(async () => {
        const buffer = await blob.arrayBuffer();
        if (!this.cut) this.sendRaw(buffer);
      })
      .catch(() => {
        // A chunk that could not be read is skipped.
      });
  }

  private send(message: PttClientMessage) {
    this.sendRaw(JSON.stringify(message));
  }

  private sendRaw(data: string | ArrayBuffer) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  private closeSocket() {
    const socket = this.socket;
    this.socket = null;
    this.joining = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }
}
