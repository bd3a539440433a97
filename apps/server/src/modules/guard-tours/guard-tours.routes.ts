// Guard tours (rondes): tours and their checkpoints, printable labels, rounds and their scans, the
// weekly completion rate, and the periodic pass (schedules and alerts).
import {
  createRound,
  createTour,
  deleteTour,
  getRound,
  getTour,
  getTourLabels,
  getTourStats,
  listRounds,
  listTours,
  regenerateCheckpointLabel,
  scanCheckpoint,
  startRound,
  updateTour,
} from '@vigie/contract/guard-tours.contract';
import type { FastifyInstance } from 'fastify';
import { buildInWorker } from '../../plugins/document-worker';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import type { LabelSheetInput } from './export/labels';
import { registerGuardTourJobs } from './guard-tours.jobs';
import * as service from './guard-tours.service';

/** A scan may carry a photo in base64 (1 MB at most): above the app's 1 MB default. */
const withPhoto = { bodyLimit: 2 * 1024 * 1024 };

export async function guardToursRoutes(app: FastifyInstance) {
  route(app, listTours, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listTours(app.db, app.secrets, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.name, r.id]);
  });
  route(app, getTourStats, async ({ auth, query }) => service.stats(app.db, auth, query));
  route(app, getTour, async ({ auth, params }) => service.getTour(app.db, app.secrets, auth, params.id));
  route(app, createTour, async ({ auth, body }) => service.createTour(app.db, app.secrets, auth, body));
  route(app, updateTour, async ({ auth, params, body }) =>
    service.updateTour(app.db, app.secrets, auth, params.id, body),
  );
  route(app, deleteTour, async ({ auth, params }) => {
    await service.deleteTour(app.db, auth, params.id);
    return undefined;
  });
  route(app, regenerateCheckpointLabel, async ({ auth, params }) =>
    service.regenerateLabel(app.db, app.secrets, auth, params.id, params.checkpointId),
  );
  route(app, getTourLabels, async ({ auth, params, reply }) => {
    const input: LabelSheetInput = await service.labelsInput(app.db, app.secrets, auth, params.id);
    const pdf = await buildInWorker(
      new URL('./export/labels.ts', import.meta.url).href,
      'buildTourLabels',
      input,
      'Tour labels',
    );
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'attachment; filename="etiquettes-ronde.pdf"')
      .header('cache-control', 'no-store');
    return pdf;
  });

  route(app, createRound, async ({ auth, params, body }) =>
    service.createRound(app.db, auth, params.id, body),
  );
  route(app, listRounds, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listRounds(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.plannedAt, r.id]);
  });
  route(app, getRound, async ({ auth, params }) => service.getRound(app.db, auth, params.id));
  route(app, startRound, async ({ auth, params }) => service.startRound(app.db, auth, params.id));
  route(
    app,
    scanCheckpoint,
    async ({ auth, params, body }) => service.scan(app.db, app.secrets, auth, params.id, body),
    withPhoto,
  );

  registerGuardTourJobs(app);
}
