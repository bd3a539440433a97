import {
  listNotifications,
  notificationCount,
  readAllNotifications,
  readNotification,
} from '@vigie/contract/notifications.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import * as service from './notifications.service';

export async function notificationsRoutes(app: FastifyInstance) {
  route(app, listNotifications, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listMine(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (n) => [n.createdAt, n.id]);
  });
  route(app, notificationCount, async ({ auth }) => service.unreadCount(app.db, auth));
  route(app, readAllNotifications, async ({ auth }) => service.readAll(app.db, auth));
  route(app, readNotification, async ({ auth, params }) => service.readOne(app.db, auth, params.id));
}
