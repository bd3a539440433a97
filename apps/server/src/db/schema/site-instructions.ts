// A site's instructions (« Consignes », issue 34, migration site_instructions): one document per
// site, replaced whole. The lists are kept as JSON in their order (the call list, the intervention's
// steps), validated by the contract on the way in; a site deleted takes its instructions with it.
// The contacts' passwords are kept readable: operators read them out to check a caller (the module
// withholds them from agents).
import type { AlarmResponseMode, ResponseTarget } from '@vigie/contract/site-instructions.contract';
import { foreignKey, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { sites } from './sites-cameras';

export interface StoredContact {
  id: string;
  name: string;
  role: string | null;
  phones: string[];
  password: string | null;
  availability: string | null;
}

export const siteInstructions = pgTable(
  'site_instructions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    contacts: jsonb('contacts').$type<StoredContact[]>().notNull(),
    steps: jsonb('steps').$type<{ id: string; text: string }[]>().notNull(),
    /** Only the alarm types saved; a type missing takes its default (panic active, others passive). */
    alarmResponses: jsonb('alarm_responses').$type<Record<string, AlarmResponseMode>>().notNull(),
    responseTargets: jsonb('response_targets').$type<Record<string, ResponseTarget>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who saved them last; no foreign key, the user may be deleted since. */
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.siteId] }),
    foreignKey({
      name: 'site_instructions_site_fk',
      columns: [t.companyId, t.siteId],
      foreignColumns: [sites.companyId, sites.id],
    }).onDelete('cascade'),
  ],
);
