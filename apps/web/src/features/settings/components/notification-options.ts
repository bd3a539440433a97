import type { NotificationSettings } from '@vigie/contract/notifications.contract';

export type NotificationSwitch = keyof NotificationSettings;

type SwitchOption = { name: NotificationSwitch; label: string; description: string };

/** Spec: channel switches (email, SMS, push), then alert switches (critical only, weekends, maintenance). */
export const channelOptions: readonly SwitchOption[] = [
  {
    name: 'emailAlerts',
    label: 'Alertes par email',
    description: 'Les alarmes et alertes sont envoyées à votre adresse e-mail.',
  },
  {
    name: 'smsAlerts',
    label: 'Alertes par SMS',
    description: 'Sur le téléphone de votre profil, au format international (+33…).',
  },
  {
    name: 'pushNotifications',
    label: 'Notifications push',
    description: 'Sur ce navigateur, même lorsque Vigie est fermé.',
  },
];

export const alertOptions: readonly SwitchOption[] = [
  {
    name: 'criticalOnly',
    label: 'Alertes critiques uniquement',
    description: 'Seules les alertes de gravité critique vous sont envoyées.',
  },
  {
    name: 'weekendAlerts',
    label: 'Alertes le week-end',
    description: 'Recevoir aussi les alertes le samedi et le dimanche.',
  },
  {
    name: 'maintenanceNotifications',
    label: 'Notifications de maintenance',
    description: 'Être prévenu des opérations de maintenance du système.',
  },
];
