import { type ComponentType, type ReactNode, useEffect, useReducer, useState } from 'react';

/** A lazily loaded component that can be fetched ahead of its first render. */
export type PreloadableComponent = ComponentType & {
  /** Fetches the module (once); resolves when the component can render at once. */
  preload: () => Promise<unknown>;
};

/**
 * A route module's component (the module exports it as `Component`), loaded on demand. `preload()`
 * fetches it ahead — a reload's first tick, the sign-in, a menu entry hovered — and once it has
 * arrived the page renders in the same pass as its parent. Until then `fallback` shows, and a plain
 * state update swaps the page in.
 *
 * Not React.lazy and Suspense: React holds back the reveal of suspended content until 300 ms after
 * a fallback was last shown (its FALLBACK_THROTTLE_MS), and the nested lazy routes (shell, layout,
 * page) paid that twice on every sign-in and reload, whatever the network.
 */
export function lazyPage(
  load: () => Promise<{ Component: ComponentType }>,
  fallback: ReactNode = null,
): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.Component;
        return module.Component;
      },
      (error: unknown) => {
        pending = undefined; // the next render or hover tries again
        throw error;
      },
    );
    return pending;
  };

  function LazyPage() {
    const [, loadedNow] = useReducer((n: number) => n + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const Page = loaded;
    const shownFallback = !Page;
    useEffect(() => {
      // Judged on what this render showed, not on `loaded` now: a preload started elsewhere (the
      // reload's first tick) can land between the render and this effect, and the fallback would
      // then stay for good (a second tab of the control room did, in the agent-space e2e).
      if (shownFallback) preload().then(loadedNow, (error: unknown) => setFailure({ error }));
    }, [shownFallback]);
    // A chunk that cannot be fetched (a new deployment removed it, the network is down) goes to the
    // error boundary, as React.lazy's rejection did.
    if (failure) throw failure.error;
    return Page ? <Page /> : fallback;
  }
  return Object.assign(LazyPage, { preload });
}
