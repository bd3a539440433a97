import { z } from 'zod';
import { defineEndpoint } from './common';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Le processus répond (liveness)',
  tags: ['health'],
  auth: false,
  response: z.object({ status: z.literal('ok') }),
});

export const ready = defineEndpoint({
  method: 'GET',
  path: '/api/ready',
  summary: 'La base de données répond, avec un rôle soumis à la sécurité par ligne (readiness)',
  tags: ['health'],
  auth: false,
  // Public: ok or not ok, never the engine or the role (issue 29); the reason is in the server's log.
  response: z.object({ status: z.literal('ok') }),
});
