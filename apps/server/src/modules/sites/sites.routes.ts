import { createSite, deleteSite, getSite, listSites, updateSite } from '@vigie/contract/sites.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as service from './sites.service';

export async function sitesRoutes(app: FastifyInstance) {
  route(
    app,
    listSites,
    async ({ auth, query, request, reply }) => {
      const { rows, total } = await service.listSites(app.db, auth, query);
      return paginate(request, reply, rows, query.limit, total, (s) => [s.name, s.id]);
    },
    { cache: true },
  );
  route(app, getSite, async ({ auth, params }) => service.getSite(app.db, auth, params.id));
  route(app, createSite, async ({ auth, body }) => service.createSite(app.db, auth, body));
  route(app, updateSite, async ({ auth, params, body }) => service.updateSite(app.db, auth, params.id, body));
  route(app, deleteSite, async ({ auth, params }) => {
    await service.deleteSite(app.db, auth, params.id);
    return undefined;
  });
}
