// Background work of the main courante: the system entries (alarms, access refusals, SOS,
// clock-ins, tour and lone-worker alerts) copied from the events table by one instance at a time (a
// lease); tests call copySystemEvents themselves.
import type { FastifyInstance } from 'fastify';
import { acquireLease } from '../../db/leases';
import { every } from '../../plugins/periodic';
import { copySystemEvents } from './system-entries.service';

const COPIER_INTERVAL_MS = 5_000;

export function registerLogbookJobs(app: FastifyInstance) {
  // ATTENDANCE_CHECK_INTERVAL_MS = 0 disables the background passes (tests run them by hand).
  const interval = app.config.attendanceCheckIntervalMs > 0 ? COPIER_INTERVAL_MS : 0;
  every(
    app,
    'logbook system entries',
    interval,
    async () => {
      if (await acquireLease(app.db, 'logbook-copier', COPIER_INTERVAL_MS * 6))
        await copySystemEvents(app.db);
    },
    true,
  );
}
