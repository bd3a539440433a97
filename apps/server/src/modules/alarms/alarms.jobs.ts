// Background work of the alarms module, started with the app and stopped with it: the escalation
// pass every ALARM_ESCALATION_INTERVAL_MS, camera outages turned into alarms, and the fold of the
// kept counts' deltas (alarms are their busiest writer; the fold serves sites and access logs too).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerKeptCountsFold } from '../../db/kept-counts';
import { setRetryLog } from '../../db/retry';
import { cameraStatusEvents } from '../cameras/camera-status-events';
import { escalateDueAlarms } from './alarm-escalation';
import { cameraAlarmHandler } from './camera-alarms';

const idleByDb = new WeakMap<Database, () => Promise<void>>();

/** Resolves once every camera transition received so far by the app on `db` is handled (tests). */
export const cameraAlarmsIdle = (db: Database) => idleByDb.get(db)?.() ?? Promise.resolve();

export function registerAlarmJobs(app: FastifyInstance) {
  const onError = (err: unknown) => app.log.error({ err }, 'alarm job failed');
  const cameras = cameraAlarmHandler(app.db, onError);
  cameraStatusEvents.on('status', cameras.handler);
  cameraStatusEvents.on('deleted', cameras.handler);
  idleByDb.set(app.db, cameras.idle);
  registerKeptCountsFold(app);
  // Conflicts retried by any module's transactions are reported in the app's log (db/retry.ts).
  setRetryLog(app.log);

  const interval = app.config.alarmEscalationIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | null = null;
  const tick = () => {
    if (current) return;
    current = escalateDueAlarms(app.db, {
      minutes: app.config.alarmEscalationMinutes,
      onError,
    })
      .catch(onError)
      .finally(() => {
        current = null;
      });
  };
  app.addHook('onReady', async () => {
    if (interval <= 0) return;
    timer = setInterval(tick, interval);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    cameraStatusEvents.off('status', cameras.handler);
    cameraStatusEvents.off('deleted', cameras.handler);
    clearInterval(timer);
    await current;
    await cameras.idle();
  });
}
