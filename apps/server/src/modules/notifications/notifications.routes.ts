import {
  getNotificationSettings,
  getPushKey,
  listNotifications,
  notificationCount,
  readAllNotifications,
  readNotification,
  subscribePush,
  unsubscribePush,
  updateNotificationSettings,
} from '@vigie/contract/notifications.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { registerDelivery } from './delivery/deliver';
import * as service from './notifications.service';
import * as push from './push.service';
import * as settings from './settings.service';

export async function notificationsRoutes(app: FastifyInstance) {
  const delivery = registerDelivery(app);
  route(app, listNotifications, async ({ auth, query, request, reply }) => {
    const { rows, total } = await service.listMine(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (n) => [n.createdAt, n.id]);
  });
  route(app, notificationCount, async ({ auth }) => service.unreadCount(app.db, auth));
  route(app, readAllNotifications, async ({ auth }) => service.readAll(app.db, auth));
  route(app, readNotification, async ({ auth, params }) => service.readOne(app.db, auth, params.id));

  route(app, getNotificationSettings, async ({ auth }) => settings.getSettings(app.db, auth));
  route(app, updateNotificationSettings, async ({ auth, body }) =>
    settings.updateSettings(app.db, auth, body),
  );

  route(app, getPushKey, async () => ({ publicKey: delivery.vapid.publicKey }));
  route(app, subscribePush, async ({ auth, body, request }) =>
    push.subscribe(app.db, auth, body, request.headers['user-agent']),
  );
  route(app, unsubscribePush, async ({ auth, body }) => {
    await push.unsubscribe(app.db, auth, body.endpoint);
    return undefined;
  });
}
