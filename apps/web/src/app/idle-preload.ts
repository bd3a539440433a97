import { preloadCode } from './route-modules';

// Apart from route-modules.tsx (in the landing page's bundle): only signed-in layouts use it.

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * The code of these paths, one after the other when the browser is idle (after sign-in: the menu's
 * screens then open at once), and never while `busy()` says the screen is still loading its data.
 * Not on a connection that asks to save data. Returns a stop function.
 */
export function preloadCodeWhenIdle(paths: readonly string[], busy: () => boolean = () => false): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => undefined;
  const w = window as IdleWindow;
  const idle = (run: () => void) =>
    w.requestIdleCallback ? w.requestIdleCallback(run, { timeout: 3_000 }) : window.setTimeout(run, 200);
  let stopped = false;
  const step = (index: number) => {
    const path = paths[index];
    if (stopped || path === undefined) return;
    idle(() => {
      if (stopped) return;
      if (busy()) window.setTimeout(() => step(index), 250);
      else
        void preloadCode(path).then(
          () => step(index + 1),
          () => step(index + 1),
        );
    });
  };
  step(0);
  return () => {
    stopped = true;
  };
}
