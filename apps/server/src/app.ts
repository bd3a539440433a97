// Builds the Fastify instance: infrastructure plugins, then the session check, then the modules
// (explicit list), then the web app. Used by server.ts and by the tests.
import '@vigie/contract/locale';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_AUDIO_BYTES } from '@vigie/contract/radio-traffic.contract';
import type { FastifyServerOptions } from 'fastify';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { createOutboundPolicy, type OutboundPolicy } from './lib/outbound-address';
import { accessRoutes } from './modules/access/access.routes';
import { alarmsRoutes } from './modules/alarms/alarms.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { camerasRoutes } from './modules/cameras/cameras.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { demoRequestsRoutes } from './modules/demo-requests/demo-requests.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { guardToursRoutes } from './modules/guard-tours/guard-tours.routes';
import { healthRoutes } from './modules/health/health.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { interventionsRoutes } from './modules/interventions/interventions.routes';
import { logbookRoutes } from './modules/logbook/logbook.routes';
import { loneWorkerRoutes } from './modules/lone-worker/lone-worker.routes';
import { mapRoutes } from './modules/map/map.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { panelReceiverRuntime } from './modules/panels/ingest/receiver-runtime';
import { panelsRoutes } from './modules/panels/panels.routes';
import { planningRoutes } from './modules/planning/planning.routes';
import { radioRoutes } from './modules/radio/radio.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { securityReportsRoutes } from './modules/security-reports/security-reports.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { siteInstructionsRoutes } from './modules/site-instructions/site-instructions.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authPlugin } from './plugins/auth';
import { frameworkErrorHandler, RequestValidationError, registerErrorHandling } from './plugins/errors';
import { liveSessionsPlugin } from './plugins/live-sessions';
import { registerOpenApi } from './plugins/openapi';
import { registerReadCache } from './plugins/read-cache';
import { requestContextPlugin } from './plugins/request-context';
import { loadSecretBox, type SecretBox } from './plugins/secrets';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** Seals and opens stored credentials (plugins/secrets.ts). */
    secrets: SecretBox;
    /** Where the server may connect on a tenant's behalf (lib/outbound-address.ts). */
    outbound: OutboundPolicy;
    routeTable: RouteOptions[];
  }
}

/** Every module's routes, in one explicit list. */
const modules = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  demoRequestsRoutes,
  sitesRoutes,
  siteInstructionsRoutes,
  camerasRoutes,
  dashboardRoutes,
  alarmsRoutes,
  panelReceiverRuntime,
  integrationsRoutes,
  planningRoutes,
  accessRoutes,
  radioRoutes,
  notificationsRoutes,
  eventsRoutes,
  settingsRoutes,
  auditRoutes,
  reportsRoutes,
  securityReportsRoutes,
  guardToursRoutes,
  logbookRoutes,
  loneWorkerRoutes,
  panelsRoutes,
  mapRoutes,
  interventionsRoutes,
];

export async function buildApp(opts: {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(opts.config.trustProxy),
    // Malformed URLs are refused by the router before any hook: answer them in our error shape too.
    frameworkErrors: frameworkErrorHandler,
  });
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  const secrets = loadSecretBox(opts.config);
  app.decorate('secrets', secrets.box);
  app.decorate('outbound', createOutboundPolicy({ allowedNetworks: opts.config.cameraAllowedNetworks }));
  app.log.info(`stored credentials sealed with a key from: ${secrets.source}`);
  // Every registered route, in order: the robustness sweeps read it to exercise each one.
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    routeTable.push(r);
  });

  app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  });
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type gets a 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  // First: the audit log reads the client's address from it (plugins/request-context.ts).
  await app.register(requestContextPlugin);
  await registerSecurity(app);
  await registerOpenApi(app);
  await registerReadCache(app);
  await app.register(authPlugin);
  // Long-lived connections re-check their session (plugins/live-sessions.ts).
  await app.register(liveSessionsPlugin);
  // WebSockets (push-to-talk, live video), registered once: each registration listens for the
  // server's upgrades, and a second one fails every upgrade the first one took. The largest message
  // a socket takes is a push-to-talk transmission; the video socket closes on any client message.
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_AUDIO_BYTES } });
  for (const mod of modules) await app.register(mod);
  await registerWeb(app, opts.config.webDist);
  return app;
}
