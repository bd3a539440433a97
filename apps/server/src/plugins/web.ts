import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export async function registerWeb(app: FastifyInstance, dist: string | undefined) {
  const hasWeb = !!dist && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Hashed asset names never change content: cache them for a year.
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Ressource introuvable' });
  });
}
