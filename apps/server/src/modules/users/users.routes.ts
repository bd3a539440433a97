import { createUser, deleteUser, listUsers, updateUser } from '@vigie/contract/users.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as service from './users.service';

export async function usersRoutes(app: FastifyInstance) {
  route(
    app,
    listUsers,
    async ({ auth, query, request, reply }) => {
      const { rows, total } = await service.listUsers(app.db, auth, query);
      return paginate(request, reply, rows, query.limit, total, (u) => [u.name, u.id]);
    },
    { cache: true },
  );
  route(app, createUser, async ({ auth, body }) => service.createUser(app.db, auth, body));
  route(app, updateUser, async ({ auth, params, body }) => service.updateUser(app.db, auth, params.id, body));
  route(app, deleteUser, async ({ auth, params }) => {
    await service.deleteUser(app.db, auth, params.id);
    return undefined;
  });
}
