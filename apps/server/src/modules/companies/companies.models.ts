import type { Company } from '@vigie/contract/auth.contract';
import type { companies } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export const toCompanyDto = (c: CompanyRow): Company => ({
  id: c.id,
  reference: c.reference,
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address,
  subscription: c.subscription,
  createdAt: c.createdAt.toISOString(),
});
