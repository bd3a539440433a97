import { randomUUID } from 'node:crypto';
import type {
  companyInput,
  loginBody,
  registerBody,
  registerLegacyQuery,
} from '@vigie/contract/auth.contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { toCompanyDto } from '../companies/companies.models';
import { findCompany } from '../companies/companies.repository';
import { createCompany } from '../companies/companies.service';
import { toUserDto } from '../users/users.models';
import { findUser } from '../users/users.repository';
import { createOwner } from '../users/users.service';
import { authErrors } from './auth.errors';
import * as repo from './auth.repository';
import type { LoginThrottle } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { openSession } from './sessions.service';

type CompanyInput = z.output<typeof companyInput>;
type AdminInput = z.output<typeof registerBody>['admin'];

/** Creates the company and its owner administrator in one transaction. */
export async function registerCompany(
  db: Database,
  company: CompanyInput,
  admin: Omit<AdminInput, 'confirmPassword'>,
) {
  const companyId = randomUUID();
  return db.withTenant(companyId, async (tx) => {
    const c = await createCompany(tx, { id: companyId, ...company });
    const u = await createOwner(tx, companyId, admin);
    await recordAudit(tx, {
      companyId,
      actorUserId: u.id,
      action: 'company.registered',
      entity: 'company',
      entityId: companyId,
      details: { subscription: c.subscription },
    });
    return { company: c, user: u };
  });
}

/** The specification's query-parameter form, mapped onto the same registration. */
export function legacyAdmin(q: z.output<typeof registerLegacyQuery>) {
  return { name: q.user_name, email: q.user_email, password: q.user_password, phone: q.user_phone };
}

export async function login(
  db: Database,
  config: Config,
  throttle: LoginThrottle,
  input: z.output<typeof loginBody>,
  client: { ip: string; userAgent: string | undefined },
) {
  if (throttle.isBlocked(input.email, client.ip)) throw authErrors.throttled();
  const candidate = await repo.findLoginCandidate(db.direct, input.email);
  const ok = candidate
    ? await verifyPassword(candidate.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!candidate || !ok) {
    throttle.recordFailure(input.email, client.ip);
    throw authErrors.invalidCredentials();
  }
  throttle.recordSuccess(input.email);
  return db.withTenant(candidate.company_id, async (tx) => {
    const user = await findUser(tx, candidate.company_id, candidate.user_id);
    const company = await findCompany(tx, candidate.company_id);
    if (!user || !company) throw authErrors.invalidCredentials();
    const session = await openSession(tx, config, {
      companyId: company.id,
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await recordAudit(tx, {
      companyId: company.id,
      actorUserId: user.id,
      action: 'auth.login',
      entity: 'session',
      details: { ip: client.ip },
    });
    return {
      access_token: session.token,
      token_type: 'bearer' as const,
      expires_at: session.expiresAt.toISOString(),
      user: toUserDto(user),
      company: toCompanyDto(company),
    };
  });
}
