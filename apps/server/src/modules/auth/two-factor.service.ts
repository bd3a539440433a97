// Two-factor sign-in (TOTP): enrolment (a secret sealed at rest, confirmed by a first code), ten
// single-use recovery codes (shown once, stored hashed), the second step of the login, and
// disabling (asks for a code). The secret is sealed with the instance's key (plugins/secrets.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { conflict, invalid } from '../../plugins/errors';
import type { SecretBox } from '../../plugins/secrets';
import { recordAudit } from '../audit/audit.service';
import { findCompany } from '../companies/companies.service';
import { findUserAccount } from '../users/users.service';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp';
import * as repo from './two-factor.repository';

const RECOVERY_CODES = 10;
const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** An alphabet without look-alikes (no 0/o, 1/l/i): codes are read out and typed by hand. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 'abcd-efgh-jkmn' style codes: 12 characters of a 31-letter alphabet, about 59 bits each. */
function newRecoveryCode() {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

async function status(tx: Tx, auth: AuthContext) {
  const user = await findUserAccount(tx, auth.companyId, auth.userId);
  const company = await findCompany(tx, auth.companyId);
  return {
    enabled: Boolean(user?.totpEnabledAt),
    required: Boolean(company?.twoFactorRequired),
    recoveryCodesLeft: await repo.countUnusedRecoveryCodes(tx, auth.companyId, auth.userId),
  };
}

export async function twoFactorStatus(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, (tx) => status(tx, auth));
}

export async function startSetup(db: Database, secrets: SecretBox, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => {
    const user = await findUserAccount(tx, auth.companyId, auth.userId);
    if (user?.totpEnabledAt)
      throw conflict('auth.two_factor_enabled', 'La double authentification est déjà activée');
    const secret = newTotpSecret();
    await repo.setTotp(tx, auth.companyId, auth.userId, {
      totpSecretSealed: secrets.seal(secret),
      totpLastStep: null,
    });
    const uri = otpauthUri(secret, auth.user.email);
    return {
      secret,
      otpauthUri: uri,
      qrSvg: await (await import('qrcode')).default.toString(uri, { type: 'svg', margin: 1 }),
    };
  });
}

const badCode = () =>
  invalid(['body', 'code'], 'Code incorrect ou expiré : saisissez le code affiché maintenant', 'auth.code');

/**
 * Checks a TOTP code or a recovery code of the user in the caller's transaction (a used recovery
 * code is burnt, an accepted TOTP step is remembered); false when neither matches.
 */
export async function checkSecondFactor(
  tx: Tx,
  secrets: SecretBox,
  user: { companyId: string; id: string; totpSecretSealed: string | null; totpLastStep: number | null },
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  now = Date.now(),
) {
  if (proof.code && user.totpSecretSealed) {
    const secret = secrets.open(user.totpSecretSealed);
    const step = secret ? verifyTotp(secret, proof.code, now, user.totpLastStep) : null;
    if (step === null) return false;
    await repo.setTotp(tx, user.companyId, user.id, { totpLastStep: step });
    return true;
  }
  if (proof.recoveryCode) {
    return repo.useRecoveryCode(tx, user.companyId, user.id, hashCode(proof.recoveryCode));
  }
  return false;
}

export async function enable(db: Database, secrets: SecretBox, auth: AuthContext, code: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    const user = await findUserAccount(tx, auth.companyId, auth.userId);
    if (!user) throw badCode();
    if (user.totpEnabledAt)
      throw conflict('auth.two_factor_enabled', 'La double authentification est déjà activée');
    if (!user.totpSecretSealed)
      throw conflict('auth.two_factor_not_started', "Commencez l'activation pour obtenir le QR code");
    if (!(await checkSecondFactor(tx, secrets, user, { code }))) throw badCode();
    await repo.setTotp(tx, auth.companyId, auth.userId, { totpEnabledAt: new Date() });
    await repo.deleteRecoveryCodes(tx, auth.companyId, auth.userId);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.insertRecoveryCodes(tx, auth.companyId, auth.userId, codes.map(hashCode));
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'auth.two_factor_enabled',
      entity: 'user',
      entityId: auth.userId,
      details: {},
    });
    return { recoveryCodes: codes };
  });
}

export async function disable(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const user = await findUserAccount(tx, auth.companyId, auth.userId);
    if (!user?.totpEnabledAt)
      throw conflict('auth.two_factor_disabled', "La double authentification n'est pas activée");
    const current = await status(tx, auth);
    if (current.required)
      throw conflict(
        'auth.two_factor_required',
        'Votre société exige la double authentification : elle ne peut pas être désactivée',
      );
    if (!(await checkSecondFactor(tx, secrets, user, proof))) throw badCode();
    await repo.setTotp(tx, auth.companyId, auth.userId, {
      totpEnabledAt: null,
      totpSecretSealed: null,
      totpLastStep: null,
    });
    await repo.deleteRecoveryCodes(tx, auth.companyId, auth.userId);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'auth.two_factor_disabled',
      entity: 'user',
      entityId: auth.userId,
      details: {},
    });
    return status(tx, auth);
  });
}
