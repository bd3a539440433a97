// Demo data: one security company with realistic French data, so a newcomer sees a living
// product. Idempotent: a complete demo company is left alone; an interrupted seed is completed
// (demo/index.ts records each finished step).

import { findLoginCandidate } from '../../modules/auth/auth.repository';
import { registerCompany } from '../../modules/auth/auth.service';
import { toCompanyDto } from '../../modules/companies/companies.models';
import { findCompany } from '../../modules/companies/companies.repository';
import { toUserDto } from '../../modules/users/users.models';
import { findUser } from '../../modules/users/users.repository';
import { createUser } from '../../modules/users/users.service';
import type { AuthContext } from '../../plugins/auth';
import type { SecretBox } from '../../plugins/secrets';
import type { Database } from '../client';
import { Rng } from './demo/context';
import { seedDemoData } from './demo/index';

export const DEMO_LOGIN = { email: 'demo@vigie-securite.fr', password: 'demo1234' };

const ownerContext = (auth: Pick<AuthContext, 'companyId' | 'userId' | 'user' | 'company'>): AuthContext => ({
  sessionId: '00000000-0000-0000-0000-000000000000',
  role: 'admin',
  isOwner: true,
  restriction: null,
  rules: { ipAllowlist: [], maintenance: false, idleMinutes: 30, autoLogout: true },
  ...auth,
});

/** The owner's context of an existing demo company (a resumed seed). */
async function existingOwner(db: Database, companyId: string, userId: string) {
  return db.withTenant(companyId, async (tx) => {
    const company = await findCompany(tx, companyId);
    const user = await findUser(tx, companyId, userId);
    if (!company || !user) throw new Error('demo: owner or company missing');
    return ownerContext({ companyId, userId, company: toCompanyDto(company), user: toUserDto(user) });
  });
}

/**
 * Seeds the demo company, or completes an interrupted seed. Answers true when something was seeded
 * (false: the demo company was already complete).
 */
export async function seedDemo(
  db: Database,
  secrets: SecretBox,
  opts: { now?: Date; log?: (line: string) => void; stopAfterSteps?: number } = {},
): Promise<boolean> {
  const found = await findLoginCandidate(db.direct, DEMO_LOGIN.email);
  const auth = found
    ? await existingOwner(db, found.company_id, found.user_id)
    : await registerDemoCompany(db);
  const ran = await seedDemoData(
    { db, secrets, auth, now: opts.now ?? new Date(), rng: new Rng(20_260_101) },
    opts.log,
    opts.stopAfterSteps,
  );
  return ran > 0 || !found;
}

async function registerDemoCompany(db: Database) {
  const { company, user } = await registerCompany(
    db,
    {
      name: 'Gardiennage Île-de-France',
      email: 'contact@gardiennage-idf.fr',
      phone: '+33 1 44 55 66 77',
      address: '18 avenue de la République, 75011 Paris',
      subscription: 'pro',
    },
    {
      name: 'Sophie Laurent',
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
      phone: '+33 6 11 22 33 44',
    },
  );
  const auth = ownerContext({ companyId: company.id, userId: user.id, user, company });
  // Users first (in the company's registration, so that a resumed seed finds them): the three agents
  // are linked to agent records (demo/agents.ts) and can sign in on the phone page.
  const people = [
    { name: 'Karim Benali', role: 'operator', city: 'Paris' },
    { name: 'Julie Fontaine', role: 'operator', city: 'Saint-Denis' },
    { name: 'Thomas Girard', role: 'agent', city: 'Puteaux' },
    { name: 'Aïcha Diallo', role: 'agent', city: 'Paris' },
    { name: 'Lucas Petit', role: 'agent', city: 'Gennevilliers' },
  ] as const;
  for (const [i, p] of people.entries()) {
    await createUser(db, auth, {
      name: p.name,
      email: `${p.name
        .split(' ')[0]
        ?.toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')}.${i}@gardiennage-idf.fr`,
      password: 'demo1234',
      phone: `+33 6 ${String(10 + i)} 20 30 4${i}`,
      role: p.role,
      city: p.city,
      timezone: 'Europe/Paris',
      language: 'fr',
    });
  }
  return auth;
}
