// SQL fragments other modules may embed (reached through this module, never its table directly).
import { type SQL, sql } from 'drizzle-orm';

/** The company's timezone, for statements that compute local days in SQL (`at time zone`). */
export const companyTimezoneOf = (companyId: string): SQL =>
  sql`coalesce((select c.timezone from companies c where c.id = ${companyId}), 'Europe/Paris')`;
