// Access control: badges and access points (administrators and operators), reader keys
// (administrators), the log, and the reader API (a device key bound to one point).
import {
  checkAccess,
  createAccessPoint,
  createBadge,
  createPointKey,
  deleteAccessPoint,
  deleteBadge,
  exportAccessLogs,
  getAccessLogRetention,
  getAccessPoint,
  getBadge,
  getBadgeCard,
  getBadgeQr,
  listAccessLogs,
  listAccessPoints,
  listBadges,
  listPointKeys,
  regenerateBadgeQr,
  revokePointKey,
  setAccessLogRetention,
  updateAccessPoint,
  updateBadge,
} from '@vigie/contract/access.contract';
import type { FastifyInstance } from 'fastify';
import { registerDeviceAuth } from '../../lib/device-auth';
import { requestLanguage, translate } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { paginate } from '../../plugins/pagination';
import { every } from '../../plugins/periodic';
import { authenticateDevice } from '../integrations/integrations.service';
import * as badges from './badges.service';
import * as check from './check.service';
import * as logs from './logs.service';
import * as points from './points.service';

export async function accessRoutes(app: FastifyInstance) {
  const deviceOf = registerDeviceAuth(app, authenticateDevice);

  route(app, listBadges, async ({ auth, query, request, reply }) => {
    const { rows, total } = await badges.listBadges(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (b) => [b.holderName, b.id]);
  });
  route(app, getBadge, async ({ auth, params }) => badges.getBadge(app.db, auth, params.id));
  route(app, createBadge, async ({ auth, body }) => badges.createBadge(app.db, auth, body));
  route(app, updateBadge, async ({ auth, params, body }) =>
    badges.updateBadge(app.db, auth, params.id, body),
  );
  route(app, deleteBadge, async ({ auth, params }) => {
    await badges.deleteBadge(app.db, auth, params.id);
    return undefined;
  });
  route(app, getBadgeQr, async ({ auth, params }) => badges.badgeQr(app.db, app.secrets, auth, params.id));
  route(app, getBadgeCard, async ({ auth, params, reply }) => {
    const card = await badges.badgeCard(app.db, app.secrets, auth, params.id);
    // The number is typed by people: only safe characters go into the header.
    const name = card.number.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="badge-${name}.pdf"`)
      .header('cache-control', 'no-store');
    return card.pdf;
  });
  route(app, regenerateBadgeQr, async ({ auth, params }) => badges.regenerateQr(app.db, auth, params.id));

  route(app, listAccessPoints, async ({ auth, query, request, reply }) => {
    const { rows, total } = await points.listPoints(app.db, auth, query);
    return paginate(request, reply, rows, query.limit, total, (p) => [p.name, p.id]);
  });
  route(app, getAccessPoint, async ({ auth, params }) => points.getPoint(app.db, auth, params.id));
  route(app, createAccessPoint, async ({ auth, body }) => points.createPoint(app.db, auth, body));
  route(app, updateAccessPoint, async ({ auth, params, body }) =>
    points.updatePoint(app.db, auth, params.id, body),
  );
  route(app, deleteAccessPoint, async ({ auth, params }) => {
    await points.deletePoint(app.db, auth, params.id);
    return undefined;
  });
  route(app, listPointKeys, async ({ auth, params }) => points.listPointKeys(app.db, auth, params.id));
  route(app, createPointKey, async ({ auth, params, body }) =>
    points.createPointKey(app.db, auth, params.id, body.name),
  );
  route(app, revokePointKey, async ({ auth, params }) => {
    await points.revokePointKey(app.db, auth, params.id, params.keyId);
    return undefined;
  });

  route(app, listAccessLogs, async ({ auth, query, request, reply }) => {
    const { rows, total } = await logs.listLogs(app.db, auth, query);
    // The log keeps the reader's French reason (refusalReasons); it is read in the reader's language.
    const language = requestLanguage(request);
    const read = rows.map((l) => (l.reason ? { ...l, reason: translate(language, l.reason) } : l));
    return paginate(request, reply, read, query.limit, total, (l) => [l.timestamp, Number(l.id)]);
  });

  route(app, exportAccessLogs, async ({ auth, query, reply }) => {
    const file = await logs.exportLogs(app.db, auth, query);
    const type =
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="journal-acces.${query.format}"`)
      .header('cache-control', 'no-store');
    return file;
  });

  route(app, getAccessLogRetention, async ({ auth }) => logs.getRetention(app.db, auth));
  route(app, setAccessLogRetention, async ({ auth, body }) => logs.setRetention(app.db, auth, body));

  route(app, checkAccess, async ({ request, body }) =>
    check.checkAccess(app.db, app.secrets, deviceOf(request), body),
  );

  // Access logs are personal data: the daily pass (and one after start) purges the expired lines.
  every(
    app,
    'access log retention',
    app.config.dailyJobsIntervalMs,
    () => logs.purgeAccessLogs(app.db),
    true,
  );
}
