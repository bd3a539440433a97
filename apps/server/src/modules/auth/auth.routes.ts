import {
  login,
  loginSecondStep,
  logout,
  me,
  register,
  registerLegacyQuery,
} from '@vigie/contract/auth.contract';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  getProfile,
  getTwoFactor,
  startTwoFactor,
  updateProfile,
} from '@vigie/contract/me.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../../lib/client-address';
import { checkPasswordPolicy } from '../../lib/password-policy';
import { route } from '../../plugins/endpoint';
import { RequestValidationError } from '../../plugins/errors';
import { authErrors } from './auth.errors';
import * as service from './auth.service';
import { DatabaseThrottleStore, LoginThrottle, MemoryThrottleStore } from './login-throttle';
import * as profile from './me.service';
import { closeSession } from './sessions.service';
import * as twoFactor from './two-factor.service';

export async function authRoutes(app: FastifyInstance) {
  // Account counts in the database on both engines; address counts too on PostgreSQL (shared by
  // the instances), in a bounded map on the embedded engine (login-throttle.ts).
  const shared = new DatabaseThrottleStore(app.db.direct, (key) => app.secrets.mac('login-throttle', key));
  const throttle = new LoginThrottle({
    accounts: shared,
    addresses: app.db.engine === 'postgres' ? shared : new MemoryThrottleStore(),
    maxFailuresPerAccount: app.config.loginMaxFailuresPerAccount,
    lockMs: app.config.loginLockMinutes * 60_000,
  });

  // Registration is public: a few per client address (an IPv6 /64) and hour, so that neither the
  // creation of companies nor the 409 of an address already used can be run in bulk.
  const registrationLimit = {
    rateLimit: {
      max: app.config.registerLimitPerHour,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
      errorResponseBuilder: () => authErrors.registrationThrottled(),
    },
  };

  route(
    app,
    register,
    async ({ body, request }) => {
      if ('company' in body) {
        const { confirmPassword: _confirm, ...admin } = body.admin;
        return service.registerCompany(app.db, body.company, admin);
      }
      // Company in the body, administrator in the query (the specification's other form).
      const q = registerLegacyQuery.safeParse(request.query);
      if (!q.success) throw new RequestValidationError('querystring', q.error.issues);
      checkPasswordPolicy(q.data.user_password, ['query', 'user_password']);
      return service.registerCompany(app.db, body, service.legacyAdmin(q.data));
    },
    registrationLimit,
  );

  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  route(app, login, async ({ body, request }) =>
    service.login(app.db, app.config, app.secrets, throttle, body, client(request)),
  );
  route(app, loginSecondStep, async ({ body, request }) =>
    service.loginSecondStep(app.db, app.config, app.secrets, throttle, body, client(request)),
  );

  route(app, me, async ({ auth }) => ({
    user: auth.user,
    company: auth.company,
    restriction: auth.restriction,
    autoLogoutMinutes: auth.rules.autoLogout ? auth.rules.idleMinutes : null,
  }));

  route(app, getProfile, async ({ auth }) => profile.getProfile(app.db, auth));
  route(app, updateProfile, async ({ auth, body }) => profile.updateProfile(app.db, auth, body));
  route(app, changePassword, async ({ auth, body }) => profile.changePassword(app.db, auth, body));
  route(app, getTwoFactor, async ({ auth }) => twoFactor.twoFactorStatus(app.db, auth));
  route(app, startTwoFactor, async ({ auth }) => twoFactor.startSetup(app.db, app.secrets, auth));
  route(app, enableTwoFactor, async ({ auth, body }) =>
    twoFactor.enable(app.db, app.secrets, auth, body.code),
  );
  route(app, disableTwoFactor, async ({ auth, body }) => twoFactor.disable(app.db, app.secrets, auth, body));

  route(app, logout, async ({ auth }) => {
    await closeSession(app.db, auth);
    return undefined;
  });
}
