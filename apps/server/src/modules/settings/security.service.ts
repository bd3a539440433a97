// Paramètres · Sécurité: two-factor requirement, idle timeout, auto logout, IP allowlist and
// password expiry of the company. The auth plugin and the login enforce them (modules/auth); this
// module stores them, refuses a list that would lock out the administrator saving it (unless they
// confirm), and audits every change.
import type { SecuritySettings, updateSecuritySettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { ipAllowed } from './ip-allowlist';
import { requireAdmin } from './settings.access';
import { settingsErrors } from './settings.errors';
import { changesOf } from './settings.models';
import * as repo from './settings.repository';

const toDto = (c: repo.CompanyRow, currentIp: string): SecuritySettings => ({
  twoFactorAuth: c.twoFactorRequired,
  sessionTimeout: c.sessionTimeoutMinutes,
  autoLogout: c.autoLogout,
  ipWhitelist: c.ipAllowlist.join('\n'),
  passwordExpiry: c.passwordExpiryDays,
  currentIp,
});

export async function getSecurity(db: Database, auth: AuthContext, currentIp: string) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findCompany(tx, auth.companyId);
    if (!row) throw settingsErrors.companyNotFound();
    return toDto(row, currentIp);
  });
}

export async function updateSecurity(
  db: Database,
  auth: AuthContext,
  currentIp: string,
  body: z.output<typeof updateSecuritySettingsBody>,
) {
  requireAdmin(auth);
  const list = body.ipWhitelist;
  // The address this very request comes from: once saved, a list without it refuses the next one.
  if (list && list.length > 0 && !ipAllowed(currentIp, list) && body.confirmSelfExclusion !== true) {
    throw settingsErrors.selfExclusion(currentIp);
  }
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.companyForUpdate(tx, auth.companyId);
    if (!before) throw settingsErrors.companyNotFound();
    const after = await repo.updateSettings(tx, auth.companyId, {
      ...(body.twoFactorAuth !== undefined ? { twoFactorRequired: body.twoFactorAuth } : {}),
      ...(body.sessionTimeout !== undefined ? { sessionTimeoutMinutes: body.sessionTimeout } : {}),
      ...(body.autoLogout !== undefined ? { autoLogout: body.autoLogout } : {}),
      ...(list !== undefined ? { ipAllowlist: list } : {}),
      ...(body.passwordExpiry !== undefined ? { passwordExpiryDays: body.passwordExpiry } : {}),
    });
    if (!after) throw settingsErrors.companyNotFound();
    const changes = changesOf(toDto(before, currentIp), toDto(after, currentIp));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: 'settings.security_updated',
        entity: 'company',
        entityId: auth.companyId,
        details: {
          changes,
          ...(list !== undefined && list.length > 0 && !ipAllowed(currentIp, list)
            ? { selfExcluded: true }
            : {}),
        },
      });
    }
    return toDto(after, currentIp);
  });
}
