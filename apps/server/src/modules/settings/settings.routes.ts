// Paramètres of the company (administrators): Sécurité, Système with its backups, Identité with the
// logo. The Journal d'audit, a tab of the same page, is the audit module's (audit.routes.ts).

import { createReadStream } from 'node:fs';
import {
  deleteLogo,
  downloadBackup,
  getIdentitySettings,
  getLogo,
  getSecuritySettings,
  getSystemSettings,
  listBackups,
  putLogo,
  runBackup,
  updateIdentitySettings,
  updateSecuritySettings,
  updateSystemSettings,
} from '@vigie/contract/settings.contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage, translate } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { every } from '../../plugins/periodic';
import * as backups from './backups/backups.service';
import * as identity from './identity.service';
import { applyLogLevel, followLogLevel } from './log-level';
import * as security from './security.service';
import * as system from './system.service';

export async function settingsRoutes(app: FastifyInstance) {
  const host: backups.BackupHost = { db: app.db, config: app.config, log: app.log };

  route(app, getSecuritySettings, async ({ auth, request }) =>
    security.getSecurity(app.db, auth, request.ip),
  );
  route(app, updateSecuritySettings, async ({ auth, body, request }) => {
    const saved = await security.updateSecurity(app.db, auth, request.ip, body);
    // Sessions of the company are resolved again at once (allowlist, timeouts), not at the next feed.
    app.accessChanges.changed(auth.companyId);
    return saved;
  });

  route(app, getSystemSettings, async ({ auth }) => system.getSystem(app.db, auth));
  route(app, updateSystemSettings, async ({ auth, body }) => {
    const { settings, logLevelChanged } = await system.updateSystem(app.db, auth, body);
    // Maintenance mode is read with the session: resolve the company's sessions again.
    app.accessChanges.changed(auth.companyId);
    // This instance at once; the others when the notification of the commit reaches them.
    if (logLevelChanged) applyLogLevel(app, settings.logLevel);
    return settings;
  });

  route(app, listBackups, async ({ auth, request }) => {
    const answer = await backups.listBackups(host, auth);
    // The method's explanation, in the reader's language (the catalogue has each one).
    return answer.message
      ? { ...answer, message: translate(requestLanguage(request), answer.message) }
      : answer;
  });
  route(app, runBackup, async ({ auth }) => backups.runBackupNow(host, auth), {
    rateLimit: { max: 10, timeWindow: '1 hour' },
  });
  route(app, downloadBackup, async ({ auth, params, reply }) => {
    const file = await backups.backupForDownload(host, auth, params.name);
    reply
      .header('content-type', params.name.endsWith('.dump') ? 'application/octet-stream' : 'application/gzip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${params.name}"`)
      .header('cache-control', 'no-store');
    return createReadStream(file.path);
  });

  route(app, getIdentitySettings, async ({ auth }) => identity.getIdentity(app.db, auth));
  route(app, updateIdentitySettings, async ({ auth, body }) => identity.updateIdentity(app.db, auth, body));
  route(app, getLogo, async ({ auth, reply }) => {
    const file = await identity.getLogo(app.db, auth);
    const ext = file.contentType === 'image/png' ? 'png' : 'jpg';
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="logo.${ext}"`)
      .header('cache-control', 'private, max-age=3600');
    return file.data;
  });
  // A logo of 2 MB travels as 2.7 MB of base64: the route raises the body limit for itself only.
  route(app, putLogo, async ({ auth, body }) => identity.putLogo(app.db, auth, body.image), {
    bodyLimit: 3 * 1024 * 1024,
  });
  route(app, deleteLogo, async ({ auth }) => {
    await identity.deleteLogo(app.db, auth);
    return undefined;
  });

  await followLogLevel(app);
  // The backup job: at each check (the first one a full interval after start, away from start-up
  // work) it makes a backup when the companies' schedule says one is due.
  const checkMs = app.config.backupCheckIntervalMs;
  every(app, 'backups', checkMs, () => backups.runScheduledBackups(host, new Date(), checkMs), false);
}
