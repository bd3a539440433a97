import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page every client route gets: the built index.html with the instance's public settings in a
 * <meta> tag (the vendor's phone numbers): read by the app at start without a request, and without an
 * inline script the content security policy would refuse.
 */
function indexPage(dist: string, contactPhones: { label: string; display: string }[]) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const meta = `<meta name="vigie-contact-phones" content="${escapeAttribute(JSON.stringify(contactPhones))}" />`;
  return html.replace('</head>', `    ${meta}\n  </head>`);
}

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
  const page = hasWeb && dist ? indexPage(dist, app.config.contactPhones) : '';
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ detail: 'Ressource introuvable' });
  });
}
