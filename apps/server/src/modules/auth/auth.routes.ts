import { login, logout, me, register, registerLegacyQuery } from '@vigie/contract/auth.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { RequestValidationError } from '../../plugins/errors';
import * as service from './auth.service';
import { LoginThrottle } from './login-throttle';
import { closeSession } from './sessions.service';

export async function authRoutes(app: FastifyInstance) {
  const throttle = new LoginThrottle();

  route(app, register, async ({ body, request }) => {
    if ('company' in body) {
      const { confirmPassword: _confirm, ...admin } = body.admin;
      return service.registerCompany(app.db, body.company, admin);
    }
    // Company in the body, administrator in the query (the specification's other form).
    const q = registerLegacyQuery.safeParse(request.query);
    if (!q.success) throw new RequestValidationError('querystring', q.error.issues);
    return service.registerCompany(app.db, body, service.legacyAdmin(q.data));
  });

  route(app, login, async ({ body, request }) =>
    service.login(app.db, app.config, throttle, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  );

  route(app, me, async ({ auth }) => ({ user: auth.user, company: auth.company }));

  route(app, logout, async ({ auth }) => {
    await closeSession(app.db, auth);
    return undefined;
  });
}
