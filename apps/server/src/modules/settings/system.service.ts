// Paramètres · Système: automatic backups (schedule and retention, used by the backup job), the log
// level (applied to every instance, log-level.ts) and maintenance mode (enforced by the auth plugin:
// only administrators may use the API meanwhile; devices keep working).
import type { SystemSettings, updateSystemSettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { publishLogLevel } from './log-level';
import { requireAdmin } from './settings.access';
import { settingsErrors } from './settings.errors';
import { changesOf } from './settings.models';
import * as repo from './settings.repository';

const toDto = (c: repo.CompanyRow): SystemSettings => ({
  autoBackup: c.autoBackup,
  backupFrequency: c.backupFrequency,
  retentionPeriod: c.backupRetentionDays,
  logLevel: c.logLevel,
  maintenanceMode: c.maintenanceMode,
});

export async function getSystem(db: Database, auth: AuthContext) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findCompany(tx, auth.companyId);
    if (!row) throw settingsErrors.companyNotFound();
    return toDto(row);
  });
}

export async function updateSystem(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof updateSystemSettingsBody>,
) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.companyForUpdate(tx, auth.companyId);
    if (!before) throw settingsErrors.companyNotFound();
    const after = await repo.updateSettings(tx, auth.companyId, {
      ...(body.autoBackup !== undefined ? { autoBackup: body.autoBackup } : {}),
      ...(body.backupFrequency !== undefined ? { backupFrequency: body.backupFrequency } : {}),
      ...(body.retentionPeriod !== undefined ? { backupRetentionDays: body.retentionPeriod } : {}),
      ...(body.logLevel !== undefined ? { logLevel: body.logLevel } : {}),
      ...(body.maintenanceMode !== undefined ? { maintenanceMode: body.maintenanceMode } : {}),
    });
    if (!after) throw settingsErrors.companyNotFound();
    const changes = changesOf(toDto(before), toDto(after));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: 'settings.system_updated',
        entity: 'company',
        entityId: auth.companyId,
        details: { changes },
      });
    }
    // Only a change is sent: the level is the process's, shared by every company on the instance,
    // and saving the form for maintenance mode must not re-impose this company's level.
    if ('logLevel' in changes) await publishLogLevel(tx, after.logLevel);
    return { settings: toDto(after), logLevelChanged: 'logLevel' in changes };
  });
}
