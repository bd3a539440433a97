// The device's camera, asked for only when a screen starts reading (the kiosk's badges, the agent's
// checkpoint labels), and the decoding loop on it.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createFrameDecoder } from './qr-frame-decoder';

export type CameraState =
  | 'idle'
  | 'starting'
  | 'running'
  | 'denied'
  | 'missing'
  | 'busy'
  | 'insecure'
  | 'failed';
export type Facing = 'environment' | 'user';

/** About five frames a second: a code is read at once, and a tablet stays cool all day. */
const SCAN_EVERY_MS = 200;

function stateOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/**
 * While `active`, films with the camera facing `facing` into `videoRef` and calls `onCode` with
 * every QR code it reads (the same code again on each frame: the caller filters). `attempt` is
 * bumped by the caller to try again after a refusal.
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  {
    active,
    facing,
    attempt,
    onCode,
  }: { active: boolean; facing: Facing; attempt: number; onCode: (text: string) => void },
) {
  const [state, setState] = useState<CameraState>('idle');
  // The latest callback, so that a re-render of the screen does not restart the camera.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only re-runs the effect (a retry).
  useEffect(() => {
    if (!active) {
      setState('idle');
      return;
    }
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setState('insecure');
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const decode = createFrameDecoder();
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      const text = await decode(video).catch(() => null);
      if (stopped) return;
      if (text) onCodeRef.current(text);
      timer = window.setTimeout(tick, SCAN_EVERY_MS);
    };
    setState('starting');
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: facing }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        const video = videoRef.current;
        // Stopped while the permission prompt was open: the cleanup ran before the stream existed.
        if (stopped || !video) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        // A camera unplugged or taken by another app ends the track: say so rather than freeze.
        for (const track of stream.getVideoTracks()) {
          track.addEventListener('ended', () => !stopped && setState('busy'));
        }
        video.srcObject = stream;
        await video.play();
        if (stopped) return;
        setState('running');
        void tick();
      } catch (error) {
        if (!stopped) setState(stateOf(error));
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      const video = videoRef.current;
      if (video) video.srcObject = null;
    };
  }, [active, facing, attempt, videoRef]);

  return state;
}
