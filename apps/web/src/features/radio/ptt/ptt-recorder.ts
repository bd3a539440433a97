/** MediaRecorder timeslice: a chunk every 250 ms keeps the delay low. */
const CHUNK_MS = 250;

/**
 * The audio capture of our transmissions: the microphone's recorder, whose chunks leave in order
 * (each waits for the one before), and nothing more once cut (preempted, failed, left).
 */
export class PttRecorder {
  private recorder: MediaRecorder | null = null;
  private cut = false;
  private sending: Promise<void> = Promise.resolve();
  private readonly sendChunk: (chunk: ArrayBuffer) => void;

  constructor(sendChunk: (chunk: ArrayBuffer) => void) {
    this.sendChunk = sendChunk;
  }

  get recording() {
    return this.recorder !== null;
  }

  /** A new transmission: its chunks may leave. */
  arm() {
    this.cut = false;
  }

  /** Records `stream`; throws where the browser cannot. */
  start(stream: MediaStream, mimeType: string) {
    const recorder = new MediaRecorder(stream, { mimeType });
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.queue(event.data);
    });
    recorder.start(CHUNK_MS);
    this.recorder = recorder;
  }

  /**
   * Released: stops the recorder; once its last chunk has left, `sendEnd` (unless cut meanwhile),
   * then `done`. Answers false when there was no recorder.
   */
  stop(sendEnd: () => void, done: () => void): boolean {
    const recorder = this.recorder;
    if (!recorder) return false;
    const end = () => {
      this.sending = this.sending.then(() => {
        if (!this.cut) sendEnd();
      });
      void this.sending.then(done);
    };
    if (recorder.state === 'inactive') {
      end();
      return true;
    }
    // The last 'dataavailable' comes before 'stop': its chunk is queued ahead of the end.
    recorder.addEventListener('stop', end, { once: true });
    recorder.stop();
    return true;
  }

  /** Nothing more is sent: stops the recorder where it is and forgets it. */
  cutOff() {
    const recorder = this.recorder;
    this.recorder = null;
    this.cut = true;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }

  /** Forgets the recorder of a finished transmission. */
  forget() {
    this.recorder = null;
  }

  private queue(blob: Blob) {
    this.sending = this.sending
      .then(async () => {
        const buffer = await blob.arrayBuffer();
        if (!this.cut) this.sendChunk(buffer);
      })
      .catch(() => {
        // A chunk that could not be read is skipped.
      });
  }
}
