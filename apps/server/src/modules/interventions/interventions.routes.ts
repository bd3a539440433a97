// Interventions (issue 34): candidates, proposals and their steps, the control room's list, the agent
// space's card; the agents' positions on duty and their consent; the clock's pass.
import {
  acceptIntervention,
  cancelIntervention,
  createIntervention,
  enRouteIntervention,
  finishIntervention,
  getCurrentIntervention,
  getIntervention,
  getLocationConsent,
  listInterventionCandidates,
  listInterventions,
  onSiteIntervention,
  proposeIntervention,
  putLocationConsent,
  refuseIntervention,
  reportDutyPosition,
} from '@vigie/contract/interventions.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { registerInterventionJobs } from './interventions.jobs';
import * as service from './interventions.service';
import * as positions from './positions.service';
import * as steps from './steps.service';

export async function interventionsRoutes(app: FastifyInstance) {
  route(app, reportDutyPosition, async ({ auth, body }) => positions.reportPosition(app.db, auth, body));
  route(app, getLocationConsent, async ({ auth }) => positions.getConsent(app.db, auth));
  route(app, putLocationConsent, async ({ auth, body }) =>
    positions.putConsent(app.db, auth, body.consented),
  );
  route(app, getCurrentIntervention, async ({ auth }) => service.current(app.db, auth));

  route(app, listInterventionCandidates, async ({ auth, query }) => service.candidates(app.db, auth, query));
  route(app, listInterventions, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.list(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (r) => [r.createdAt, r.id]);
  });
  route(app, createIntervention, async ({ auth, body }) => service.create(app.db, auth, body));
  route(app, getIntervention, async ({ auth, params }) => service.get(app.db, auth, params.id));
  route(app, acceptIntervention, async ({ auth, params, body }) =>
    steps.accept(app.db, auth, params.id, body.position),
  );
  route(app, refuseIntervention, async ({ auth, params, body }) =>
    steps.refuse(app.db, auth, params.id, body),
  );
  route(app, enRouteIntervention, async ({ auth, params, body }) =>
    steps.enRoute(app.db, auth, params.id, body.position),
  );
  route(app, onSiteIntervention, async ({ auth, params, body }) =>
    steps.onSite(app.db, auth, params.id, body),
  );
  route(app, finishIntervention, async ({ auth, params, body }) =>
    steps.finish(app.db, auth, params.id, body),
  );
  route(app, cancelIntervention, async ({ auth, params, body }) =>
    service.cancel(app.db, auth, params.id, body.reason),
  );
  route(app, proposeIntervention, async ({ auth, params, body }) =>
    service.propose(app.db, auth, params.id, body.agentId),
  );

  registerInterventionJobs(app);
}
