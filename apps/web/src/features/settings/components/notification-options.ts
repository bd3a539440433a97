import type { NotificationSettings } from '@vigie/contract/notifications.contract';
import { msg } from '../../../lib/i18n/i18n';

export type NotificationSwitch = keyof NotificationSettings;

/** Label and description are catalogue messages, translated where shown. */
type SwitchOption = { name: NotificationSwitch; label: string; description: string };

/** Spec: channel switches (email, SMS, push), then alert switches (critical only, weekends, maintenance). */
export const channelOptions: readonly SwitchOption[] = [
  {
    name: 'emailAlerts',
    label: msg('Alertes par email'),
    description: msg('Les alarmes et alertes sont envoyées à votre adresse e-mail.'),
  },
  {
    name: 'smsAlerts',
    label: msg('Alertes par SMS'),
    description: msg('Sur le téléphone de votre profil, au format international (+33…).'),
  },
  {
    name: 'pushNotifications',
    label: msg('Notifications push'),
    description: msg('Sur ce navigateur, même lorsque Vigie est fermé.'),
  },
];

export const alertOptions: readonly SwitchOption[] = [
  {
    name: 'criticalOnly',
    label: msg('Alertes critiques uniquement'),
    description: msg('Seules les alertes de gravité critique vous sont envoyées.'),
  },
  {
    name: 'weekendAlerts',
    label: msg('Alertes le week-end'),
    description: msg('Recevoir aussi les alertes le samedi et le dimanche.'),
  },
  {
    name: 'maintenanceNotifications',
    label: msg('Notifications de maintenance'),
    description: msg('Être prévenu des opérations de maintenance du système.'),
  },
];
