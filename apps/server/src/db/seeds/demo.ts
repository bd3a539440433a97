// Demo data: one security company with realistic French data, so a newcomer sees a living
// product. Idempotent: does nothing when the demo owner already exists.

import { findLoginCandidate } from '../../modules/auth/auth.repository';
import { registerCompany } from '../../modules/auth/auth.service';
import { createUser } from '../../modules/users/users.service';
import type { AuthContext } from '../../plugins/auth';
import type { Database } from '../client';

export const DEMO_LOGIN = { email: 'demo@vigie-securite.fr', password: 'demo1234' };

export async function seedDemo(db: Database): Promise<boolean> {
  if (await findLoginCandidate(db.direct, DEMO_LOGIN.email)) return false;
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
  const auth: AuthContext = {
    sessionId: '00000000-0000-0000-0000-000000000000',
    companyId: company.id,
    userId: user.id,
    role: 'admin',
    isOwner: true,
    user,
    company,
    restriction: null,
    rules: { ipAllowlist: [], maintenance: false, idleMinutes: 30, autoLogout: true },
  };
  const people = [
    { name: 'Karim Benali', role: 'operator', city: 'Paris' },
    { name: 'Julie Fontaine', role: 'operator', city: 'Saint-Denis' },
    { name: 'Thomas Girard', role: 'agent', city: 'Nanterre' },
    { name: 'Aïcha Diallo', role: 'agent', city: 'Créteil' },
    { name: 'Lucas Petit', role: 'agent', city: 'Versailles' },
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
  return true;
}
