import { getDashboardOverview } from '@vigie/contract/dashboard.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { getOverview } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, getDashboardOverview, async ({ auth }) => getOverview(app.db, auth), { cache: true });
}
