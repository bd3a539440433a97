// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-errors';
import { cleanupAfterEach, stubFetch } from '../../../test/render';
import { healthQueryOptions } from './get-health';

cleanupAfterEach();

describe('API liveness (the « En ligne » badge)', () => {
  it('reads the answer of GET /api/health', async () => {
    stubFetch({ 'GET /api/health': () => ({ body: { status: 'ok' } }) });
    const client = new QueryClient();
    expect(await client.fetchQuery({ ...healthQueryOptions(), retry: false })).toEqual({ status: 'ok' });
  });

  it('fails with the French detail when the server is down or unreachable', async () => {
    stubFetch({
      'GET /api/health': () => ({
        status: 503,
        body: { detail: 'Service momentanément indisponible, veuillez réessayer dans quelques instants' },
      }),
    });
    const down = await new QueryClient()
      .fetchQuery({ ...healthQueryOptions(), retry: false })
      .catch((e) => e);
    expect(down).toBeInstanceOf(ApiError);
    expect(down.status).toBe(503);
    expect(down.message).toBe(
      'Service momentanément indisponible, veuillez réessayer dans quelques instants',
    );

    stubFetch({
      'GET /api/health': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const offline = await new QueryClient()
      .fetchQuery({ ...healthQueryOptions(), retry: false })
      .catch((e) => e);
    expect(offline.message).toBe('Le serveur est injoignable. Vérifiez votre connexion.');
  });
});
