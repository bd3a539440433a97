// Runs the frame (or line) handler so that nothing it does can hurt the receiver: a throw, a
// rejection or a handler that never settles all end as "no answer" for that frame, logged and
// counted. Silence is the safe answer: the panel sends the frame again, and the handler's duplicate
// detection makes the resend harmless.
import type { ReceiverLog, ReceiverMeta, ReceiverStats } from './receiver-limits';

export type HandlerContext = {
  log: ReceiverLog;
  stats: ReceiverStats;
  timeoutMs: number;
  /** Names the listener in the log ('DC-09', 'Sur-Gard'). */
  label: string;
};

const timedOut = Symbol('timed out');

export async function runHandler<T, R>(
  handler: (unit: T, meta: ReceiverMeta) => Promise<R>,
  unit: T,
  meta: ReceiverMeta,
  ctx: HandlerContext,
): Promise<R | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<typeof timedOut>((resolve) => {
      timer = setTimeout(() => resolve(timedOut), ctx.timeoutMs);
      timer.unref();
    });
    // Called inside the try so that a handler throwing synchronously is caught too.
    const result = await Promise.race([Promise.resolve().then(() => handler(unit, meta)), deadline]);
    if (result === timedOut) {
      ctx.stats.errors++;
      ctx.log.error(
        { remoteAddress: meta.remoteAddress, transport: meta.transport, timeoutMs: ctx.timeoutMs },
        `${ctx.label} receiver: handler timed out, no answer sent`,
      );
      return undefined;
    }
    return result;
  } catch (err) {
    ctx.stats.errors++;
    ctx.log.error(
      { err, remoteAddress: meta.remoteAddress, transport: meta.transport },
      `${ctx.label} receiver: handler failed, no answer sent`,
    );
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
