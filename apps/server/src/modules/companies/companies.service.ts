import type { SubscriptionPlan } from '@vigie/contract/enums';
import type { Database, Tx } from '../../db/client';
import { toCompanyDto } from './companies.models';
import * as repo from './companies.repository';

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
  const row = await repo.insertCompany(tx, {
    id: input.id,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    address: input.address ?? null,
    subscription: input.subscription,
  });
  return toCompanyDto(row);
}

/** The company's timezone: working-time rules (nights, days, Sundays, holidays) are computed in it. */
export async function companyTimezone(tx: Tx, companyId: string) {
  return (await repo.findCompany(tx, companyId))?.timezone ?? 'Europe/Paris';
}

/** How many days agent positions are kept (personal data). */
export async function positionRetentionDays(tx: Tx, companyId: string) {
  return (await repo.findCompany(tx, companyId))?.positionRetentionDays ?? 60;
}

/** How long access logs are kept, and the recorded reason when beyond 3 months. */
export async function accessLogRetention(tx: Tx, companyId: string) {
  const row = await repo.findCompany(tx, companyId);
  return { days: row?.accessLogRetentionDays ?? 90, reason: row?.accessLogRetentionReason ?? null };
}

export async function setAccessLogRetention(tx: Tx, companyId: string, days: number, reason: string | null) {
  await repo.updateCompany(tx, companyId, { accessLogRetentionDays: days, accessLogRetentionReason: reason });
}

/** The company's row (its sign-in rules, its name), or undefined. */
export async function findCompany(tx: Tx, companyId: string) {
  return repo.findCompany(tx, companyId);
}

/** The company's IP allowlist (empty: any address), in one round trip: what sign-in checks first. */
export async function findCompanyIpAllowlist(db: Database, companyId: string) {
  return repo.findCompanyIpAllowlist(db, companyId);
}
