import { getSiteInstructions, putSiteInstructions } from '@vigie/contract/site-instructions.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import * as service from './site-instructions.service';

export async function siteInstructionsRoutes(app: FastifyInstance) {
  route(app, getSiteInstructions, async ({ auth, params }) =>
    service.readSiteInstructions(app.db, auth, params.id),
  );
  route(app, putSiteInstructions, async ({ auth, params, body }) =>
    service.replaceSiteInstructions(app.db, auth, params.id, body),
  );
}
