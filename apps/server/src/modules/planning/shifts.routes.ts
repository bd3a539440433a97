import {
  cancelShift,
  checkShift,
  createShift,
  deleteShift,
  getShift,
  listShifts,
  updateShift,
} from '@vigie/contract/planning.contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as service from './shifts.service';

export async function shiftsRoutes(app: FastifyInstance) {
  route(app, listShifts, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listShifts(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (s) => [s.start, s.id]);
  });
  // The working-time rules' messages are written in the reader's language (the check's answer, and
  // the 422 of a create or an update they refuse).
  route(app, checkShift, async ({ auth, body, request }) =>
    service.checkShift(app.db, auth, body, requestLanguage(request)),
  );
  route(app, getShift, async ({ auth, params }) => service.getShift(app.db, auth, params.id));
  route(app, createShift, async ({ auth, body, request }) =>
    service.createShift(app.db, auth, body, requestLanguage(request)),
  );
  route(app, updateShift, async ({ auth, params, body, request }) =>
    service.updateShift(app.db, auth, params.id, body, requestLanguage(request)),
  );
  route(app, cancelShift, async ({ auth, params, body }) =>
    service.cancelShift(app.db, auth, params.id, body.reason),
  );
  route(app, deleteShift, async ({ auth, params }) => {
    await service.deleteShift(app.db, auth, params.id);
    return undefined;
  });
}
