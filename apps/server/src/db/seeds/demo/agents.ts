// Step 2a: about forty agents with their CNAPS card and qualifications (a few expiring within 30
// days, one expired), through the planning service. Each has an agent account (the first three are
// the accounts made with the company), so that each can clock in and see their service on the phone.
import { createAgentBody } from '@vigie/contract/agents.contract';
import { createUserBody } from '@vigie/contract/users.contract';
import { eq } from 'drizzle-orm';
import { createAgent } from '../../../modules/planning/agents.service';
import { createUser } from '../../../modules/users/users.service';
import { users } from '../../schema';
import { addDays, type DemoContext, loadSeeded, localDay } from './context';
import { DEMO_SITES } from './sites-cameras';

const FIRST = [
  'Thomas',
  'Aïcha',
  'Lucas',
  'Mehdi',
  'Camille',
  'Nicolas',
  'Fatou',
  'Julien',
  'Sarah',
  'Antoine',
  'Inès',
  'Maxime',
  'Léa',
  'Yacine',
  'Manon',
  'Romain',
  'Chloé',
  'Hugo',
  'Nadia',
  'Kevin',
  'Emma',
  'Alexandre',
  'Samira',
  'Florian',
  'Laura',
  'Bilal',
  'Pauline',
  'Jérémy',
  'Amandine',
  'Moussa',
  'Élodie',
  'Sébastien',
  'Yasmine',
  'Guillaume',
  'Océane',
  'Rachid',
  'Mathilde',
  'Dylan',
  'Sonia',
  'Cédric',
];
const LAST = [
  'Girard',
  'Diallo',
  'Petit',
  'Bensaïd',
  'Moreau',
  'Lefebvre',
  'Traoré',
  'Martin',
  'Roussel',
  'Durand',
  'Mansouri',
  'Leroy',
  'Bertrand',
  'Cherif',
  'Fabre',
  'Gauthier',
  'Perrot',
  'Marchand',
  'Belkacem',
  'Robin',
  'Lopez',
  'Caron',
  'Amrani',
  'Barbier',
  'Meunier',
  'Khelifi',
  'Renard',
  'Colin',
  'Vidal',
  'Konaté',
  'Arnaud',
  'Picard',
  'Ziani',
  'Roger',
  'Henry',
  'Ouali',
  'Brun',
  'Schmitt',
  'Baron',
  'Dumas',
];
const SPECIALITY_BY_TYPE = {
  commercial: ['Surveillance', 'Accueil'],
  industriel: ['Rondier', 'Intervention', 'Cynophile'],
  residentiel: ['Surveillance', 'Rondier'],
  public: ['Accueil', 'Surveillance', 'Incendie'],
} as const;
const DEPARTMENTS = [
  '092',
  '075',
  '092',
  '094',
  '093',
  '069',
  '069',
  '013',
  '013',
  '031',
  '031',
  '033',
  '044',
  '059',
  '067',
  '006',
  '035',
  '034',
  '038',
  '076',
];

/** Agents whose CNAPS card expires soon (days from today), and the one whose card has expired. */
export const CNAPS_EXPIRING: Record<number, number> = { 5: 12, 11: 21, 17: 27 };
export const CNAPS_EXPIRED = 23;
export const DEMO_AGENT_COUNT = 40;
/** Every demo agent's password (the accounts of the simulator's clock-ins). */
export const DEMO_AGENT_PASSWORD = 'demo1234';

export const LINKED_EMAILS = [
  'thomas.2@gardiennage-idf.fr',
  'aicha.3@gardiennage-idf.fr',
  'lucas.4@gardiennage-idf.fr',
];

/** Agent i works on this active site (two agents a site; the inactive last site has none). */
export const siteIndexOf = (i: number) => i % (DEMO_SITES.length - 1);

export async function seedAgents(ctx: DemoContext) {
  const { rng } = ctx;
  const seeded = await loadSeeded(ctx);
  const badges = new Set(seeded.agents.map((a) => a.badge));
  const siteIds = new Map(seeded.sites.map((s) => [s.name, s.id]));
  const linked = await ctx.db.withTenant(ctx.auth.companyId, (tx) =>
    tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.companyId, ctx.auth.companyId)),
  );
  const userOf = new Map(linked.map((u) => [u.email, u.id]));
  const today = localDay(ctx.now);
  for (let i = 0; i < DEMO_AGENT_COUNT; i += 1) {
    const badge = `AG-${String(i + 1).padStart(3, '0')}`;
    if (badges.has(badge)) continue;
    const site = DEMO_SITES[siteIndexOf(i)];
    if (!site) throw new Error('demo: no site for an agent');
    const first = FIRST[i] as string;
    const last = LAST[i] as string;
    const soon = CNAPS_EXPIRING[i];
    const expiresOn =
      i === CNAPS_EXPIRED
        ? addDays(today, -20)
        : soon !== undefined
          ? addDays(today, soon)
          : addDays(today, rng.int(200, 1700));
    const dept = DEPARTMENTS[siteIndexOf(i)] ?? '075';
    const cnaps = `CAR-${dept}-${expiresOn}-${String(20_150_000_000 + rng.int(0, 9_999_999) * 100 + i).padStart(11, '0')}`;
    const hired = addDays(today, -rng.int(120, 3600));
    const needsSsiap = (site[6] ?? []).length > 0 || i % 5 === 4;
    const qualifications = [
      { type: 'CQP_APS', number: `CQP-${rng.int(100000, 999999)}`, obtainedOn: addDays(hired, -30) },
      // SST refreshers every 24 months: some recent, two due within a month.
      i % 3 === 0
        ? {
            type: 'SST',
            obtainedOn: addDays(today, -rng.int(60, 600)),
            ...(i === 6 || i === 15 ? { expiresOn: addDays(today, 9 + i) } : {}),
          }
        : null,
      needsSsiap
        ? {
            type: 'SSIAP1',
            number: `SSIAP1-${rng.int(10000, 99999)}`,
            obtainedOn: addDays(today, -rng.int(90, 900)),
          }
        : null,
      i % 13 === 7 ? { type: 'H0B0', obtainedOn: addDays(today, -rng.int(30, 500)) } : null,
      site[1] === 'industriel' && i % 4 === 2 ? { type: 'CYNOPHILE', obtainedOn: addDays(hired, 10) } : null,
    ].filter((q) => q !== null);
    const siteId = siteIds.get(site[0]);
    const email = `${first}.${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .concat('@gardiennage-idf.fr');
    // Every agent has the phone app (an agent account), so that each one clocks in: the demo's
    // simulator does it for them through the public API, and no shift raises « Agent absent ».
    const userId =
      i < LINKED_EMAILS.length
        ? (userOf.get(LINKED_EMAILS[i] as string) ?? null)
        : (userOf.get(email) ??
          (
            await createUser(
              ctx.db,
              ctx.auth,
              createUserBody.parse({
                name: `${first} ${last}`,
                email,
                password: DEMO_AGENT_PASSWORD,
                role: 'agent',
                timezone: 'Europe/Paris',
                language: 'fr',
              }),
            )
          ).id);
    await createAgent(
      ctx.db,
      ctx.auth,
      createAgentBody.parse({
        name: `${first} ${last}`,
        badge,
        phone: `+33 6 ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
        email,
        speciality: rng.pick(SPECIALITY_BY_TYPE[site[1]]),
        level: rng.pick(['junior', 'senior', 'senior', 'expert'] as const),
        hireDate: hired,
        assignedSiteId: siteId ?? null,
        cnapsNumber: cnaps,
        cnapsExpiresOn: expiresOn,
        qualifications,
        userId,
      }),
    );
  }
}
