// Periodic background work registered by modules: started when the app is ready, stopped (and
// awaited) when it closes. A run never overlaps the previous one; a failure is logged, not fatal.
import type { FastifyInstance } from 'fastify';

export function every(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  runAtStart: boolean,
) {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | null = null;
  const tick = () => {
    if (current) return;
    current = run()
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        current = null;
      });
  };
  app.addHook('onReady', async () => {
    if (intervalMs <= 0) return;
    timer = setInterval(tick, intervalMs);
    timer.unref();
    if (runAtStart) setTimeout(tick, 5_000).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
