// Each user's own notification switches (Paramètres · Notifications), stored on the user's row
// (migration 0018) and read by notify() when it decides what leaves the app.
import {
  internationalPhonePattern,
  type NotificationSettings,
  smsNeedsInternationalPhone,
  type updateNotificationSettingsBody,
} from '@vigie/contract/notifications.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { invalid, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit/audit.service';
import * as repo from './settings.repository';

const canReceiveSms = (phone: string | null) => phone !== null && internationalPhonePattern.test(phone);

/**
 * SMS shows as on only when one can leave: the stored switch (on by default, as the spec says) and
 * a phone in international format. What the screen shows is what happens.
 */
const toDto = (r: repo.SwitchesRow): NotificationSettings => ({
  emailAlerts: r.notifyEmail,
  smsAlerts: r.notifySms && canReceiveSms(r.phone),
  pushNotifications: r.notifyPush,
  criticalOnly: r.notifyCriticalOnly,
  weekendAlerts: r.notifyWeekends,
  maintenanceNotifications: r.notifyMaintenance,
});

async function load(tx: Tx, auth: AuthContext) {
  const row = await repo.findSwitches(tx, auth.companyId, auth.userId);
  // The session's user exists; a row gone between the two is a deleted account.
  if (!row) throw notFound('users.not_found', 'Utilisateur introuvable');
  return row;
}

export async function getSettings(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => toDto(await load(tx, auth)));
}

export async function updateSettings(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof updateNotificationSettingsBody>,
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await load(tx, auth);
    if (body.smsAlerts && !canReceiveSms(current.phone)) {
      throw invalid(['body', 'smsAlerts'], smsNeedsInternationalPhone, 'phone_required');
    }
    const row = await repo.updateSwitches(tx, auth.companyId, auth.userId, {
      notifyEmail: body.emailAlerts,
      notifySms: body.smsAlerts,
      notifyPush: body.pushNotifications,
      notifyCriticalOnly: body.criticalOnly,
      notifyWeekends: body.weekendAlerts,
      notifyMaintenance: body.maintenanceNotifications,
    });
    if (!row) throw notFound('users.not_found', 'Utilisateur introuvable');
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'user.notification_settings_updated',
      entity: 'user',
      entityId: auth.userId,
      details: { ...body },
    });
    return toDto(row);
  });
}
