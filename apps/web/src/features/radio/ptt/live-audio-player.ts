/**
 * Plays one transmission while it arrives: its chunks are appended to a MediaSource (SourceBuffer
 * in 'sequence' mode, queued while it is updating) that feeds the <audio> element. A browser that
 * cannot stream this format (no MediaSource, or not this codec) plays the whole recording at the end.
 */
export class LiveAudioPlayer {
  private readonly audio: HTMLAudioElement;
  private readonly mimeType: string;
  private mediaSource: MediaSource | null = null;
  private sourceBuffer: SourceBuffer | null = null;
  private readonly queue: ArrayBuffer[] = [];
  /** Chunks kept for a browser that cannot stream the format. */
  private wholeRecording: ArrayBuffer[] | null = null;
  private url: string | null = null;
  private ended = false;

  constructor(audio: HTMLAudioElement, mimeType: string) {
    this.audio = audio;
    this.mimeType = mimeType;
    if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mimeType)) {
      const mediaSource = new MediaSource();
      this.mediaSource = mediaSource;
      mediaSource.addEventListener('sourceopen', this.onSourceOpen, { once: true });
      this.setSource(URL.createObjectURL(mediaSource));
    } else {
      this.wholeRecording = [];
    }
  }

  /** One binary frame of the transmission. */
  push(chunk: ArrayBuffer) {
    if (this.wholeRecording) {
      this.wholeRecording.push(chunk);
      return;
    }
    this.queue.push(chunk);
    this.pump();
  }

  /** The speaker released: play what is left, then stop. */
  end() {
    this.ended = true;
    if (this.wholeRecording) {
      if (this.wholeRecording.length > 0) {
        this.setSource(URL.createObjectURL(new Blob(this.wholeRecording, { type: this.mimeType })));
      }
      this.wholeRecording = [];
      return;
    }
    this.pump();
  }

  /** Stops playing and frees the object URL (next transmission, leaving the channel, unmount). */
  dispose() {
    this.mediaSource?.removeEventListener('sourceopen', this.onSourceOpen);
    this.sourceBuffer?.removeEventListener('updateend', this.pump);
    this.queue.length = 0;
    if (this.url) {
      if (this.audio.src === this.url) {
        this.audio.pause();
        this.audio.removeAttribute('src');
        this.audio.load();
      }
      URL.revokeObjectURL(this.url);
      this.url = null;
    }
    this.mediaSource = null;
    this.sourceBuffer = null;
  }

  private setSource(url: string) {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = url;
    this.audio.src = url;
    // Joined by a click: autoplay is allowed. A refusal leaves the controls to the user.
    this.audio.play().catch(() => {});
  }

  private onSourceOpen = () => {
    const mediaSource = this.mediaSource;
    if (!mediaSource) return;
    try {
      const sourceBuffer = mediaSource.addSourceBuffer(this.mimeType);
      sourceBuffer.mode = 'sequence';
      sourceBuffer.addEventListener('updateend', this.pump);
      this.sourceBuffer = sourceBuffer;
      this.pump();
    } catch {
      // The codec was announced but refused: fall back to playing the recording at the end.
      this.wholeRecording = [...this.queue];
      this.queue.length = 0;
      if (this.ended) this.end();
    }
  };

  private pump = () => {
    const { mediaSource, sourceBuffer } = this;
    if (!mediaSource || !sourceBuffer || sourceBuffer.updating || mediaSource.readyState !== 'open') return;
    const next = this.queue.shift();
    if (next) {
      try {
        sourceBuffer.appendBuffer(next);
      } catch {
        // A chunk the decoder refuses (or a full buffer): skip it, keep the transmission going.
        queueMicrotask(this.pump);
      }
      return;
    }
    if (this.ended) {
      try {
        mediaSource.endOfStream();
      } catch {
        // Already ended or closed.
      }
    }
  };
}
