// Main courante électronique: list, write, read, handover, chain check; no edit, no delete (405).
import {
  createLogbookEntry,
  deleteLogbookEntry,
  getLogbookEntry,
  getLogbookPhoto,
  listLogbook,
  logbookHandover,
  patchLogbookEntry,
  putLogbookEntry,
  verifyLogbook,
} from '@vigie/contract/logbook.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { logbookErrors } from './logbook.errors';
import { registerLogbookJobs } from './logbook.jobs';
import * as service from './logbook.service';

/** Up to 4 photos of 300 KB in base64: above the app's 1 MB default. */
const withPhotos = { bodyLimit: 2 * 1024 * 1024 };

export async function logbookRoutes(app: FastifyInstance) {
  route(app, listLogbook, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listEntries(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.number]);
  });
  route(
    app,
    createLogbookEntry,
    async ({ auth, body }) => service.createEntry(app.db, auth, body),
    withPhotos,
  );
  route(app, verifyLogbook, async ({ auth, query }) => service.verify(app.db, auth, query.siteId));
  route(app, logbookHandover, async ({ auth, query }) => service.handover(app.db, auth, query.siteId));
  route(app, getLogbookEntry, async ({ auth, params }) => service.getEntry(app.db, auth, params.id));
  route(app, getLogbookPhoto, async ({ auth, params, reply }) => {
    const file = await service.getPhoto(app.db, auth, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline; filename="photo.webp"')
      .header('cache-control', 'private, max-age=86400');
    return file.data;
  });

  // The register is append-only: an edit or a removal is refused with the way to correct (404 first
  // for an id that is not the company's).
  for (const endpoint of [patchLogbookEntry, putLogbookEntry, deleteLogbookEntry]) {
    route(app, endpoint, async ({ auth, params }) => {
      await service.getEntry(app.db, auth, params.id);
      throw logbookErrors.immutable();
    });
  }

  registerLogbookJobs(app);
}
