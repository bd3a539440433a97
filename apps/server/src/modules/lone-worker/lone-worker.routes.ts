// Lone-worker protection (PTI/DATI): the agent's protection and check-ins, the phone's SOS, the
// agent's recorded positions, the control room's alerts, and the periodic pass.
import {
  acknowledgeLoneWorkerAlert,
  checkInLoneWorker,
  getCurrentLoneWorker,
  listLoneWorkerAlerts,
  listMyLoneWorkerPositions,
  reportLoneWorkerPosition,
  startLoneWorker,
  stopLoneWorker,
  triggerLoneWorkerSos,
} from '@vigie/contract/lone-worker.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as alerts from './alerts.service';
import { registerLoneWorkerJobs } from './lone-worker.jobs';
import * as service from './lone-worker.service';

export async function loneWorkerRoutes(app: FastifyInstance) {
  const clock = () => ({ graceMs: app.config.loneWorkerGraceMs });

  route(app, startLoneWorker, async ({ auth, body }) => service.start(app.db, auth, body, clock()));
  route(app, getCurrentLoneWorker, async ({ auth }) => service.current(app.db, auth, clock()));
  route(app, checkInLoneWorker, async ({ auth, params, body }) =>
    service.checkIn(app.db, auth, params.id, body.position, clock()),
  );
  route(app, reportLoneWorkerPosition, async ({ auth, params, body }) => {
    await service.reportPosition(app.db, auth, params.id, body.position, clock());
    return undefined;
  });
  route(app, stopLoneWorker, async ({ auth, params }) => service.stop(app.db, auth, params.id, clock()));
  route(app, triggerLoneWorkerSos, async ({ auth, body }) => alerts.sos(app.db, auth, body.position));
  route(app, listMyLoneWorkerPositions, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.myPositions(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.recordedAt, r.id]);
  });
  route(app, listLoneWorkerAlerts, async ({ auth, query, request, reply }) => {
    const { rows, total } = await alerts.listAlerts(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.raisedAt, r.id]);
  });
  route(app, acknowledgeLoneWorkerAlert, async ({ auth, params }) =>
    alerts.acknowledgeAlert(app.db, auth, params.id),
  );

  registerLoneWorkerJobs(app);
}
