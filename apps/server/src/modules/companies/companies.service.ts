import type { SubscriptionPlan } from '@vigie/contract/enums';
import type { Tx } from '../../db/client';
import { toCompanyDto } from './companies.models';
import { insertCompany } from './companies.repository';

export interface CreateCompanyInput {
  id: string;
  name: string;
  email: string;
  phone?: string | undefined;
  address?: string | undefined;
  subscription: SubscriptionPlan;
}

/** Called inside the registration transaction, already scoped to the new company's id. */
export async function createCompany(tx: Tx, input: CreateCompanyInput) {
  const row = await insertCompany(tx, {
    id: input.id,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    address: input.address ?? null,
    subscription: input.subscription,
  });
  return toCompanyDto(row);
}
