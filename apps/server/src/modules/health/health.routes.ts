import { health, ready } from '@vigie/contract/health.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { AppError, isDatabaseDown, serviceUnavailable } from '../../plugins/errors';

export async function healthRoutes(app: FastifyInstance) {
  route(app, health, async () => ({ status: 'ok' as const }));

  // Ready only when the database answers AND we run as a role that row-level security applies to.
  // The answer is public: it says ok or not ok, never the engine or the role (issue 29); the
  // details of a refusal go to the server's log.
  route(app, ready, async ({ request }) => {
    let who: Awaited<ReturnType<typeof app.db.whoami>>;
    try {
      who = await app.db.whoami();
    } catch (err) {
      if (isDatabaseDown(err)) throw serviceUnavailable();
      throw err;
    }
    if (who.superuser || who.bypassRls) {
      request.log.error(
        { engine: app.db.engine, role: who.role, superuser: who.superuser, bypassRls: who.bypassRls },
        'not ready: the database role bypasses row-level security (docs/operations.md)',
      );
      throw new AppError(
        503,
        'service.insecure_role',
        "Le serveur n'est pas prêt (détails dans son journal)",
      );
    }
    return { status: 'ok' as const };
  });
}
