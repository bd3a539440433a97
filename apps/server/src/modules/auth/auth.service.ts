import { randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  companyInput,
  loginBody,
  loginSecondStepBody,
  registerBody,
  registerLegacyQuery,
  SessionRestriction,
} from '@vigie/contract/auth.contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { SecretBox } from '../../plugins/secrets';
import { recordAudit } from '../audit/audit.service';
import { toCompanyDto } from '../companies/companies.models';
import { createCompany, findCompany, findCompanyIpAllowlist } from '../companies/companies.service';
import { ipAllowed } from '../settings/ip-allowlist';
import { toUserDto } from '../users/users.models';
import { createOwner, findUserAccount } from '../users/users.service';
import { authErrors } from './auth.errors';
import * as repo from './auth.repository';
import { LoginThrottle } from './login-throttle';
import { openSession } from './sessions.service';
import { checkSecondFactor } from './two-factor.service';

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

/** Whether the company accepts sign-ins from this address (its IP allowlist, empty: anywhere). */
function addressAllowed(ipAllowlist: string[], ip: string) {
  return ipAllowlist.length === 0 || ipAllowed(ip, ipAllowlist);
}

/** The checks of the company's rules at sign-in, once the password (and code) are right. */
function checkSignInRules(
  company: { ipAllowlist: string[]; maintenanceMode: boolean },
  role: string,
  ip: string,
) {
  if (!addressAllowed(company.ipAllowlist, ip)) throw authErrors.ipRefused();
  if (company.maintenanceMode && role !== 'admin') throw authErrors.maintenance();
}

const CHALLENGE_TTL_MS = 5 * 60_000;

/** A signed, short-lived proof that the password was right, to be completed by the code. */
function issueChallenge(secrets: SecretBox, companyId: string, userId: string, now = Date.now()) {
  const expires = now + CHALLENGE_TTL_MS;
  const payload = `${companyId}.${userId}.${expires}`;
  const token = `${Buffer.from(payload).toString('base64url')}.${secrets.mac('login-2fa', payload)}`;
  return { twoFactorRequired: true as const, challenge: token, expires_at: new Date(expires).toISOString() };
}

function readChallenge(secrets: SecretBox, token: string, now = Date.now()) {
  const [encoded, mac] = token.split('.');
  if (!encoded || !mac) return null;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = secrets.mac('login-2fa', payload);
  if (expected.length !== mac.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(mac)))
    return null;
  const [companyId, userId, expires] = payload.split('.');
  if (!companyId || !userId || !expires || Number(expires) < now) return null;
  return { companyId, userId };
}

async function openSignedInSession(
  tx: Tx,
  config: Config,
  user: NonNullable<Awaited<ReturnType<typeof findUserAccount>>>,
  company: NonNullable<Awaited<ReturnType<typeof findCompany>>>,
  client: { ip: string; userAgent: string | undefined },
  how: 'password' | 'two_factor',
) {
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
    details: { ip: client.ip, with: how },
  });
  const expired =
    company.passwordExpiryDays !== null &&
    user.passwordChangedAt.getTime() < Date.now() - company.passwordExpiryDays * 86_400_000;
  const restriction: SessionRestriction | null = expired
    ? 'password_expired'
    : company.twoFactorRequired && !user.totpEnabledAt
      ? 'two_factor_setup'
      : null;
  return {
    access_token: session.token,
    token_type: 'bearer' as const,
    expires_at: session.expiresAt.toISOString(),
    user: toUserDto(user),
    company: toCompanyDto(company),
    restriction,
  };
}

export async function login(
  db: Database,
  config: Config,
  secrets: SecretBox,
  throttle: LoginThrottle,
  input: z.output<typeof loginBody>,
  client: { ip: string; userAgent: string | undefined },
) {
  const account = LoginThrottle.account(input.email);
  const check = await throttle.check(account, client.ip);
  if (check.blocked) throw authErrors.throttled();
  const candidate = await repo.findLoginCandidate(db.direct, input.email);
  // The company's address allowlist comes before the password, so that its refusal says nothing
  // about the password (the same answer, right or wrong). It is counted as a failure: bounded like
  // any other probe of the account.
  if (candidate) {
    const allowlist = await findCompanyIpAllowlist(db, candidate.company_id);
    if (!addressAllowed(allowlist, client.ip)) {
      await throttle.failed(account, client.ip);
      throw authErrors.ipRefused();
    }
  }
  const ok = candidate
    ? await verifyPassword(candidate.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!candidate || !ok) {
    await throttle.failed(account, client.ip);
    throw authErrors.invalidCredentials();
  }
  await throttle.succeeded(account, check);
  return db.withTenant(candidate.company_id, async (tx) => {
    const user = await findUserAccount(tx, candidate.company_id, candidate.user_id);
    const company = await findCompany(tx, candidate.company_id);
    if (!user || !company) throw authErrors.invalidCredentials();
    checkSignInRules(company, user.role, client.ip);
    // With two-factor sign-in, the password alone opens nothing: the code comes next.
    if (user.totpEnabledAt) return issueChallenge(secrets, company.id, user.id);
    return openSignedInSession(tx, config, user, company, client, 'password');
  });
}

/** The second step: the challenge of the first and a code (or a recovery code), throttled. */
export async function loginSecondStep(
  db: Database,
  config: Config,
  secrets: SecretBox,
  throttle: LoginThrottle,
  input: z.output<typeof loginSecondStepBody>,
  client: { ip: string; userAgent: string | undefined },
) {
  const who = readChallenge(secrets, input.challenge);
  if (!who) throw authErrors.challengeInvalid();
  const key = `2fa:${who.userId}`;
  const check = await throttle.check(key, client.ip);
  if (check.blocked) throw authErrors.throttled();
  const result = await db.withTenant(who.companyId, async (tx) => {
    const user = await findUserAccount(tx, who.companyId, who.userId);
    const company = await findCompany(tx, who.companyId);
    if (!user?.totpEnabledAt || !company) return null;
    // The address first, as in the first step: a refusal says nothing about the code.
    if (!addressAllowed(company.ipAllowlist, client.ip)) return 'refused' as const;
    if (!(await checkSecondFactor(tx, secrets, user, input))) return null;
    checkSignInRules(company, user.role, client.ip);
    return openSignedInSession(tx, config, user, company, client, 'two_factor');
  });
  if (!result || result === 'refused') {
    await throttle.failed(key, client.ip);
    throw result === 'refused' ? authErrors.ipRefused() : authErrors.codeInvalid();
  }
  await throttle.succeeded(key, check);
  return result;
}
