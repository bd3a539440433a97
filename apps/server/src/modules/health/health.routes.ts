import { health, ready } from '@vigie/contract/health.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { AppError, isDatabaseDown, serviceUnavailable } from '../../plugins/errors';

export async function healthRoutes(app: FastifyInstance) {
  route(app, health, async () => ({ status: 'ok' as const }));

  // Ready only when the database answers AND we run as a role that row-level security applies to.
  route(app, ready, async () => {
    let who: Awaited<ReturnType<typeof app.db.whoami>>;
    try {
      who = await app.db.whoami();
    } catch (err) {
      if (isDatabaseDown(err)) throw serviceUnavailable();
      throw err;
    }
    if (who.superuser || who.bypassRls) {
      throw new AppError(503, 'service.insecure_role', `Le rôle ${who.role} contourne la sécurité par ligne`);
    }
    return { status: 'ok' as const, engine: app.db.engine, role: who.role };
  });
}
