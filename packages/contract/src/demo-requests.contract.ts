import { z } from 'zod';
import { defineEndpoint, emailSchema, idSchema, optionalText, phoneSchema, requiredText } from './common';
import { demoSiteCounts } from './enums';

export const createDemoRequestBody = z.object({
  firstName: requiredText('Le prénom', 100),
  lastName: requiredText('Le nom', 100),
  email: emailSchema,
  phone: phoneSchema,
  company: requiredText('La société', 200),
  siteCount: z.enum(demoSiteCounts, { error: 'Nombre de sites invalide (1-10, 11-50, 51-100 ou 100+)' }),
  message: optionalText('Le message', 2000),
});
export type CreateDemoRequestBody = z.input<typeof createDemoRequestBody>;

export const createDemoRequest = defineEndpoint({
  method: 'POST',
  path: '/api/demo-requests',
  summary: 'Demander une démonstration (formulaire public de la page d’accueil)',
  tags: ['demo-requests'],
  auth: false,
  status: 201,
  body: createDemoRequestBody,
  response: z.object({ id: idSchema, message: z.string() }),
});
