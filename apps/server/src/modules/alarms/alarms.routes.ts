import {
  acknowledgeAlarm,
  commentAlarm,
  createAlarm,
  getAlarm,
  listAlarms,
  resolveAlarm,
} from '@vigie/contract/alarms.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { registerAlarmJobs } from './alarms.jobs';
import * as service from './alarms.service';
import { alarmFileRoutes } from './file/alarm-file.routes';

export async function alarmsRoutes(app: FastifyInstance) {
  route(
    app,
    listAlarms,
    async ({ auth, query, request, reply }) => {
      const { rows, total } = await service.listAlarms(app.db, auth, query);
      return paginate(request, reply, rows, query.limit, total, (r) => r.cursor).map((r) => r.dto);
    },
    { cache: true },
  );
  route(app, getAlarm, async ({ auth, params }) => service.getAlarm(app.db, auth, params.id));
  route(app, createAlarm, async ({ auth, body }) => service.createAlarm(app.db, service.actorOf(auth), body));
  route(app, acknowledgeAlarm, async ({ auth, params }) =>
    service.acknowledgeAlarm(app.db, service.actorOf(auth), params.id),
  );
  route(app, resolveAlarm, async ({ auth, params, body }) =>
    service.resolveAlarm(app.db, service.actorOf(auth), params.id, body),
  );
  route(app, commentAlarm, async ({ auth, params, body }) =>
    service.commentAlarm(app.db, service.actorOf(auth), params.id, body),
  );
  await alarmFileRoutes(app);
  registerAlarmJobs(app);
}
