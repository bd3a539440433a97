import type { NotificationSettings } from '@vigie/contract/notifications.contract';
import { Bell, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useNotificationSettings } from '../api/get-notification-settings';
import { PushError, subscribeToPush, unsubscribeFromPush } from '../api/push-subscription';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { alertOptions, channelOptions, type NotificationSwitch } from './notification-options';
import { PushDeviceNote } from './push-device-note';
import { SwitchField } from './switch-field';
import { usePushDevice } from './use-push-device';

/** Paramètres · Notifications: each switch is saved at once. */
export function NotificationsTab() {
  const settings = useNotificationSettings();
  return (
    <QueryState
      query={settings}
      loading={t('Chargement des notifications…')}
      error={t('Impossible de charger vos notifications')}
    >
      {(data) => <NotificationSwitches settings={data} />}
    </QueryState>
  );
}

const failureText = (error: unknown) =>
  error instanceof PushError
    ? t(error.message)
    : errorMessage(error, t('Impossible de modifier les notifications'));

function NotificationSwitches({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const device = usePushDevice();
  const [pending, setPending] = useState<NotificationSwitch | null>(null);
  const [errors, setErrors] = useState<Partial<Record<NotificationSwitch, string>>>({});

  const save = async (name: NotificationSwitch, value: boolean) => {
    setPending(name);
    setErrors((current) => ({ ...current, [name]: undefined }));
    try {
      // Push: this browser asks the permission and subscribes first (on the user's click), or
      // unsubscribes; the account's preference is saved after.
      if (name === 'pushNotifications') await (value ? subscribeToPush() : unsubscribeFromPush());
      await update.mutateAsync({ ...settings, [name]: value });
      toast.success(t('Notifications configurées'));
    } catch (error) {
      const message = failureText(error);
      setErrors((current) => ({ ...current, [name]: message }));
      toast.error(t('Erreur'), { description: message });
    } finally {
      setPending(null);
      if (name === 'pushNotifications') void device.refresh();
    }
  };

  const subscribeHere = async () => {
    setPending('pushNotifications');
    try {
      await subscribeToPush();
      toast.success(t('Notifications configurées'), {
        description: t('Ce navigateur recevra vos notifications.'),
      });
    } catch (error) {
      toast.error(t('Erreur'), { description: failureText(error) });
    } finally {
      setPending(null);
      void device.refresh();
    }
  };

  const row = (option: (typeof channelOptions)[number]) => (
    <SwitchField
      key={option.name}
      id={`notify-${option.name}`}
      label={t(option.label)}
      description={t(option.description)}
      checked={settings[option.name]}
      onCheckedChange={(value) => void save(option.name, value)}
      disabled={pending !== null}
      error={errors[option.name]}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Bell aria-hidden="true" className="size-5 text-blue-300" />
            {t('Canaux')}
          </CardTitle>
          <CardDescription>{t('Comment Vigie vous prévient.')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col divide-y divide-ink-700">
          {channelOptions.map(row)}
          <div className="pt-3 empty:hidden">
            <PushDeviceNote
              state={device.state}
              wanted={settings.pushNotifications}
              pending={pending !== null}
              onSubscribe={() => void subscribeHere()}
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Megaphone aria-hidden="true" className="size-5 text-blue-300" />
            {t('Alertes')}
          </CardTitle>
          <CardDescription>{t('Quelles alertes vous sont envoyées.')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col divide-y divide-ink-700">{alertOptions.map(row)}</CardContent>
      </Card>
    </div>
  );
}
