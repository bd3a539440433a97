import { createDemoRequest } from '@vigie/contract/demo-requests.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import * as service from './demo-requests.service';

export async function demoRequestsRoutes(app: FastifyInstance) {
  route(
    app,
    createDemoRequest,
    async ({ body, request }) => service.createDemoRequest(app.db, body, request.ip),
    {
      // Public form: a handful per address and hour is plenty for a human.
      rateLimit: { max: 10, timeWindow: '1 hour' },
    },
  );
}
