import {
  createAgent,
  deleteAgent,
  getAgent,
  getAgentPhoto,
  listAgents,
  putAgentPhoto,
  updateAgent,
} from '@vigie/contract/agents.contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as service from './agents.service';

export async function agentsRoutes(app: FastifyInstance) {
  route(app, listAgents, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listAgents(app.db, auth, query, requestLanguage(request));
    return paginate(request, reply, rows, query.limit, total, (a) => [a.name, a.id]);
  });
  // Licence alerts are written in the reader's language.
  route(app, getAgent, async ({ auth, params, request }) =>
    service.getAgent(app.db, auth, params.id, requestLanguage(request)),
  );
  route(app, createAgent, async ({ auth, body, request }) =>
    service.createAgent(app.db, auth, body, requestLanguage(request)),
  );
  route(app, updateAgent, async ({ auth, params, body, request }) =>
    service.updateAgent(app.db, auth, params.id, body, requestLanguage(request)),
  );
  route(app, deleteAgent, async ({ auth, params }) => {
    await service.deleteAgent(app.db, auth, params.id);
    return undefined;
  });
  // A 5 MB image is 6.7 MB of base64.
  route(
    app,
    putAgentPhoto,
    async ({ auth, params, body, request }) =>
      service.putAgentPhoto(app.db, auth, params.id, body.data, requestLanguage(request)),
    { bodyLimit: 8 * 1024 * 1024 },
  );
  route(app, getAgentPhoto, async ({ auth, params, reply }) => {
    const file = await service.getAgentPhoto(app.db, auth, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline; filename="photo.webp"')
      // The URL carries the photo's version, so a browser may keep it; only for this user.
      .header('cache-control', 'private, max-age=86400');
    return file.data;
  });
}
