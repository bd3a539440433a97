// Step 9: the demo company's alarm panels (issue 32), one on each of the first active sites, through
// the panels service (so the company gets its line prefix as a real one would). They speak SIA DC-09
// to the receiver once the demo's simulator dials in (demo/panels.ts); no key is seeded: the
// simulator gives some of them a fresh AES key at each start and keeps it in memory only. A resumed
// seed skips the panels already there (by account). No draw from rng: the rest of the demo stays the
// same, and this step comes last for the same reason.
import { createPanelBody } from '@vigie/contract/panels.contract';
import { eq } from 'drizzle-orm';
import { createPanel } from '../../../modules/panels/panels.service';
import { panels } from '../../schema';
import { type DemoContext, loadSeeded } from './context';

/** How many sites get an alarm panel (the simulator's panels, DC-09 or, as a fallback, JSON). */
export const DEMO_PANEL_SITES = 6;

/** The zones every demo panel names; the simulator raises its events on these numbers. */
export const DEMO_PANEL_ZONES = [
  { number: 1, name: 'Porte d’entrée' },
  { number: 2, name: 'Détecteur hall' },
  { number: 3, name: 'Bureaux' },
  { number: 4, name: 'Réserve' },
  { number: 5, name: 'Quai' },
  { number: 6, name: 'Bouton d’alerte accueil' },
];

/** The panel's account as programmed: 3 to 16 hexadecimal characters, one per panel of the company. */
export const demoPanelAccount = (index: number) => String(1001 + index);

export async function seedPanels(ctx: DemoContext) {
  const { sites } = await loadSeeded(ctx);
  const companyId = ctx.auth.companyId;
  const existing = await ctx.db.withTenant(companyId, (tx) =>
    tx.select({ account: panels.account }).from(panels).where(eq(panels.companyId, companyId)),
  );
  const accounts = new Set(existing.map((p) => p.account));
  const active = sites.filter((s) => s.status === 'active').slice(0, DEMO_PANEL_SITES);
  for (const [i, site] of active.entries()) {
    const account = demoPanelAccount(i);
    if (accounts.has(account)) continue;
    await createPanel(
      ctx.db,
      ctx.secrets,
      ctx.auth,
      createPanelBody.parse({
        siteId: site.id,
        name: `Centrale ${site.name}`.slice(0, 100),
        account,
        supervisionMinutes: 10,
        zones: DEMO_PANEL_ZONES,
      }),
    );
  }
}
