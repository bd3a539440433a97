// The input of the hardware receivers a centre already owns (Sur-Gard MLR2, SG-System…): TCP only,
// on SURGARD_PORT. Lines end with DC4; each is handed to `handleLine` in the order it came, and the
// answer follows the automation protocol:
// - true (the line is stored) → ACK (0x06);
// - false → NAK (0x15), which asks the receiver to send the line again: return false only when a
//   retry can succeed (storage unavailable). A line that can never be matched (unknown account,
//   unreadable) should be journaled and answered true, or the receiver would repeat it forever;
// - a throw, a rejection or a timeout → nothing: the receiver sends the line again after 4 s.
// Same bounds and same failure handling as the DC-09 listener (receiver-limits.ts), except lines are
// bounded to 256 bytes by default (a Sur-Gard line is about 30).
import { SURGARD_ACK, SURGARD_NAK, SurgardLineSplitter } from '../protocol/surgard';
import { bindFailureDetail, closeTcp, listenTcp } from './bind-socket';
import { createBoundedTcpServer } from './bounded-tcp-server';
import { throttledWarn } from './log-throttle';
import {
  consoleLog,
  emptyStats,
  type ReceiverLimits,
  type ReceiverLog,
  type ReceiverMeta,
  type ReceiverState,
  type ReceiverStats,
  receiverLimits,
} from './receiver-limits';
import { runHandler } from './run-handler';

/** True once the line is stored durably (→ ACK), false to ask for it again (→ NAK). */
export type SurgardLineHandler = (line: string, meta: ReceiverMeta) => Promise<boolean>;

export type SurgardListenerOptions = {
  port: number;
  /** Default '0.0.0.0'. */
  host?: string;
  handleLine: SurgardLineHandler;
  log?: ReceiverLog;
  /** Overrides of `defaultReceiverLimits` (`maxFrameBytes` bounds a line; 256 here by default). */
  limits?: Partial<ReceiverLimits>;
};

export type SurgardListener = {
  readonly port: number | null;
  state(): ReceiverState;
  stats(): ReceiverStats;
  close(): Promise<void>;
};

const SERVICE = 'entrée Sur-Gard';
const LABEL = 'Sur-Gard';
export const SURGARD_MAX_LINE_BYTES = 256;

export async function startSurgardListener(opts: SurgardListenerOptions): Promise<SurgardListener> {
  const limits = receiverLimits({
    ...opts.limits,
    maxFrameBytes: opts.limits?.maxFrameBytes ?? SURGARD_MAX_LINE_BYTES,
  });
  const host = opts.host ?? '0.0.0.0';
  const log = opts.log ?? consoleLog;
  const stats = emptyStats();
  const ctx = { log, stats, timeoutMs: limits.handlerTimeoutMs, label: LABEL };

  const tcp = createBoundedTcpServer<string>({
    limits,
    stats,
    log,
    warn: throttledWarn(log),
    label: LABEL,
    createSplitter: () =>
      new SurgardLineSplitter(limits.maxFrameBytes, () => {
        stats.dropped++;
      }),
    answer: async (line, meta) => {
      const stored = await runHandler(opts.handleLine, line, meta, ctx);
      if (stored === undefined) return null;
      return stored ? SURGARD_ACK : SURGARD_NAK;
    },
  });
  const bind = await listenTcp(tcp.server, opts.port, host);
  if (!bind.ok) {
    const detail = bindFailureDetail(opts.port, host, bind.code, SERVICE);
    log.warn({ err: bind.error, port: opts.port, host }, `${LABEL} input not started: ${detail}`);
    return {
      port: null,
      state: () => ({ state: 'down', detail }),
      stats: () => ({ ...stats }),
      close: async () => {},
    };
  }
  tcp.server.on('error', (err) => {
    stats.errors++;
    log.error({ err }, `${LABEL} input: TCP server error`);
  });
  log.info({ host, port: bind.port }, `${LABEL} input listening`);

  let state: ReceiverState = { state: 'up', detail: `Entrée Sur-Gard en écoute sur le port ${bind.port}` };
  let closed: Promise<void> | undefined;
  return {
    port: bind.port,
    state: () => ({ ...state }),
    stats: () => ({ ...stats }),
    close() {
      closed ??= (async () => {
        state = { state: 'down', detail: 'Entrée Sur-Gard arrêtée' };
        tcp.destroyAll();
        await closeTcp(tcp.server);
      })();
      return closed;
    },
  };
}
