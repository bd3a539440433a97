import {
  clockIn,
  clockOut,
  exportPayroll,
  getMyService,
  getPlanningSummary,
  getWeek,
} from '@vigie/contract/planning.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { agentsRoutes } from './agents.routes';
import * as clock from './clock.service';
import { registerPlanningJobs } from './planning.jobs';
import * as service from './planning.service';
import { shiftsRoutes } from './shifts.routes';

export async function planningRoutes(app: FastifyInstance) {
  await agentsRoutes(app);
  await shiftsRoutes(app);
  registerPlanningJobs(app);
  route(app, getWeek, async ({ auth, query, request, reply }) => {
    const { days, agents, total } = await service.week(app.db, auth, query);
    return { days, agents: paginate(request, reply, agents, query.limit, total, (a) => [a.name, a.id]) };
  });
  route(app, getPlanningSummary, async ({ auth, query }) => service.summary(app.db, auth, query));
  route(app, getMyService, async ({ auth }) => service.myService(app.db, auth));
  route(app, clockIn, async ({ auth, params, body }) => clock.clockIn(app.db, auth, params.id, body));
  route(app, clockOut, async ({ auth, params, body }) => clock.clockOut(app.db, auth, params.id, body));
  route(app, exportPayroll, async ({ auth, query, reply }) => {
    const file = await service.exportPayroll(app.db, auth, query);
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="paie-${query.month}.xlsx"`)
      .header('cache-control', 'no-store');
    return file;
  });
}
