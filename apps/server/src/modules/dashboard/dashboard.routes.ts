import { getDashboardOverview } from '@vigie/contract/dashboard.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { receiverInfoOf } from '../panels/receiver-state';
import { getOverview } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, getDashboardOverview, async ({ auth }) => getOverview(app.db, auth, receiverInfoOf(app)), {
    cache: true,
  });
}
