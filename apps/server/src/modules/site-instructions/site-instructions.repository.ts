import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { siteInstructions } from '../../db/schema';
import { siteNameOf } from '../sites/sites.sql';
import type { InstructionsRead, SiteInstructionsRow } from './site-instructions.models';

/**
 * The company a statement runs for: the caller's when given, else the transaction's own
 * (`app.company_id`, set by `withTenant`): another module calling in with only its transaction.
 */
const companyOf = (companyId: string | undefined): SQL =>
  companyId === undefined ? sql`app_company_id()` : sql`${companyId}::uuid`;

/** The site's name (null when the company has no such site) and its saved instructions, if any. */
export async function findInstructions(
  tx: Tx,
  companyId: string | undefined,
  siteId: string,
): Promise<InstructionsRead> {
  const company = companyOf(companyId);
  const site = rowsOf<{ name: string | null }>(
    await tx.execute(sql`select ${siteNameOf(company, sql`${siteId}::uuid`)} as name`),
  );
  const siteName = site[0]?.name ?? null;
  if (siteName === null) return { siteName, row: null };
  const [row] = await tx
    .select({
      contacts: siteInstructions.contacts,
      steps: siteInstructions.steps,
      alarmResponses: siteInstructions.alarmResponses,
      responseTargets: siteInstructions.responseTargets,
      updatedAt: siteInstructions.updatedAt,
      updatedBy: siteInstructions.updatedBy,
    })
    .from(siteInstructions)
    .where(and(eq(siteInstructions.companyId, company), eq(siteInstructions.siteId, siteId)));
  return { siteName, row: row ?? null };
}

export type SavedInstructions = Omit<SiteInstructionsRow, 'updatedAt'>;

/** Writes the site's whole document (insert or replace); its time is the transaction's. */
export async function saveInstructions(tx: Tx, v: SavedInstructions) {
  const { companyId: _c, siteId: _s, ...document } = v;
  await tx
    .insert(siteInstructions)
    .values({ ...v, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [siteInstructions.companyId, siteInstructions.siteId],
      set: { ...document, updatedAt: sql`now()` },
    });
}
