import type { ReactNode, RefObject } from 'react';
import type { CameraState } from '../lib/scanner/use-camera-scanner';
import { cn } from '../lib/utils';

type CameraViewfinderProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  /** The picture's name for screen readers. */
  label: string;
  /** Size and shape of the picture's box. */
  className: string;
  /** More classes of the aiming square (its height on a wider screen). */
  aimClassName?: string;
  /** Shown inside the picture while the camera runs (e.g. 'Changer de caméra'). */
  running: ReactNode;
  /** Shown in place of the picture while the camera is off. */
  idle: ReactNode;
};

/** The scanner's picture: the camera's video, a square showing where to hold the code, and what the screen adds. */
export function CameraViewfinder({
  videoRef,
  state,
  label,
  className,
  aimClassName,
  running,
  idle,
}: CameraViewfinderProps) {
  const filming = state === 'running' || state === 'starting';
  return (
    <div
      className={cn(
        'relative w-full overflow-hidden rounded-2xl border-2 border-ink-600 bg-black',
        className,
      )}
    >
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={label}
        className={filming ? 'size-full object-cover' : 'hidden'}
      />
      {state === 'running' ? (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
          >
            <div
              className={cn(
                'aspect-square h-3/4 rounded-3xl border-4 border-white/85 shadow-[0_0_0_100vmax_rgba(0,0,0,0.35)]',
                aimClassName,
              )}
            />
          </div>
          {running}
        </>
      ) : null}
      {filming ? null : idle}
    </div>
  );
}

type CameraProblemProps = {
  /** Why the camera cannot be used, in French; nothing is shown without one. */
  problem: string | undefined;
  /** Classes of the message (its size and colour). */
  textClassName: string;
  /** The screen's 'Réessayer'. */
  children: ReactNode;
};

/** Why the camera cannot be used and what to do, above the screen's 'Réessayer'. */
export function CameraProblem({ problem, textClassName, children }: CameraProblemProps) {
  if (!problem) return null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-amber-400/70 bg-amber-500/10 p-4">
      <p role="alert" className={textClassName}>
        {problem}
      </p>
      {children}
    </div>
  );
}
