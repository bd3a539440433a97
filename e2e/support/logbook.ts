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

/**
 * `agoMs` before now, but always today in the users' timezone (Europe/Paris, the default): the
 * register opens on today, so an entry written « 2 h ago » at 00:30 would be yesterday's and absent.
 * Past midnight by less than 3 h, the time is scaled into the part of today gone by, keeping order
 * (2 h ago stays before 1 h ago).
 */
export function earlierToday(agoMs: number, timezone = 'Europe/Paris', now = Date.now()) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  return new Date(now - Math.min(agoMs, (sinceMidnight * agoMs) / (3 * 3600_000))).toISOString();
}
