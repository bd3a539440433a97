// Setup of the main courante spec: a site and entries written through the API.
import { api, type RegisteredCompany } from './api';

/** A 1×1 red PNG, as a phone would send a photo (a data URL). */
export const tinyPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export async function createSite(company: RegisteredCompany, name: string) {
  const res = await api<{ id: string }>(
    'POST',
    '/api/sites',
    { name, address: '12 avenue Jean Jaurès, Lyon' },
    company.token,
  );
  if (res.status !== 201) throw new Error(`site: ${res.status}`);
  return res.body.id;
}

export async function writeEntry(company: RegisteredCompany, body: Record<string, unknown>) {
  const res = await api<{ id: string; number: number }>('POST', '/api/logbook', body, company.token);
  if (res.status !== 201) throw new Error(`entry: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
