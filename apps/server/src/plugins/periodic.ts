// Periodic background work registered by modules: started when the app is ready, stopped (and
// awaited) when it closes. A run never overlaps the previous one; a failure is logged, not fatal.
import type { FastifyInstance } from 'fastify';

/** Registers the work; answers a function that asks for a run now (after the current one, if any). */
export function every(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  runAtStart: boolean,
) {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | null = null;
  let again = false;
  let closed = false;
  const tick = () => {
    if (closed) return;
    if (current) {
      again = true;
      return;
    }
    current = run()
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  app.addHook('onReady', async () => {
    if (intervalMs <= 0) return;
    timer = setInterval(tick, intervalMs);
    timer.unref();
    if (runAtStart) setTimeout(tick, 5_000).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await current;
  });
  return tick;
}
