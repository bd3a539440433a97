import type { createDemoRequestBody } from '@vigie/contract/demo-requests.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { insertDemoRequest } from './demo-requests.repository';

/** Stores a landing-page demo request (public table: no company yet). */
export async function createDemoRequest(
  db: Database,
  input: z.output<typeof createDemoRequestBody>,
  ip: string,
) {
  const row = await insertDemoRequest(db.direct, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? null,
    company: input.company,
    siteCount: input.siteCount,
    message: input.message ?? null,
    ip,
  });
  return {
    id: row.id,
    message: 'Votre demande a bien été envoyée. Notre équipe vous recontacte sous 24 heures.',
  };
}
