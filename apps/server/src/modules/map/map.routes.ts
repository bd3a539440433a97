import { getMapOverview, getMapTiles } from '@vigie/contract/map.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { mapErrors } from './map.errors';
import * as map from './map.service';

export async function mapRoutes(app: FastifyInstance) {
  route(app, getMapOverview, async ({ auth }) =>
    map.getMapOverview(app.db, auth, app.config.mapTilesFile !== undefined),
  );
  route(app, getMapTiles, async ({ request, reply }) => {
    const answer = await map.openTiles(app.config.mapTilesFile, request.headers.range);
    reply.headers(answer.headers);
    if (answer.body === null) throw mapErrors.badRange();
    return reply.code(answer.status).send(answer.body);
  });
}
