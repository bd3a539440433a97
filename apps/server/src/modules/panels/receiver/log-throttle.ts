// A flood (a port scan, a panel stuck resending, a misconfigured NAT) must not flood the server's
// log too: each kind of warning is written at most once per interval, with the number of times it
// happened since the last one written.
import type { ReceiverLog } from './receiver-limits';

export type ThrottledWarn = (kind: string, obj: object, msg: string) => void;

export function throttledWarn(log: ReceiverLog, intervalMs = 60_000): ThrottledWarn {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (kind, obj, msg) => {
    const now = Date.now();
    const seen = last.get(kind);
    if (seen && now - seen.at < intervalMs) {
      seen.suppressed++;
      return;
    }
    log.warn({ ...obj, suppressedSinceLastLog: seen?.suppressed ?? 0 }, msg);
    last.set(kind, { at: now, suppressed: 0 });
  };
}
