import { KeyRound, Plus, RadioTower } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { ChannelFormDialog } from './components/channel-form-dialog';
import { ChannelsSection } from './components/channels-section';
import { CommunicationsCard } from './components/communications-card';
import { RadioAlertDialog } from './components/radio-alert-dialog';
import { RadioAlertsCard } from './components/radio-alerts-card';
import { RadioFormDialog } from './components/radio-form-dialog';
import { RadioSettingsDialog } from './components/radio-settings-dialog';
import { RadioSummaryCard } from './components/radio-summary-card';
import { RadiosSection } from './components/radios-section';

/**
 * Radio POC 4G: the AI analysis, the emergency alerts, the radios (each with SOS), the channels
 * (each with push-to-talk) and the recent communications. Live through the event stream.
 */
export default function RadioPage() {
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'operator';
  const isAdmin = user?.role === 'admin';
  const timezone = user?.timezone;
  const [addingRadio, setAddingRadio] = useState(false);
  const [creatingChannel, setCreatingChannel] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The open alert lives in the URL (?alert=id), so it can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const openAlertId = params.get('alert');

  const openAlert = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('alert', id);
        else next.delete('alert');
        return next;
      },
      { replace: id === null },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('Radio POC 4G')}
            <Badge tone="solid">{t('IA')}</Badge>
          </h1>
          <p className="text-fg-muted">
            {t("Radios push-to-talk 4G, canaux et alertes SOS analysées par l'IA, en temps réel.")}
          </p>
        </div>
        {canManage ? (
          <div className="grid w-full grid-cols-1 gap-2 sm:flex sm:w-auto sm:flex-wrap">
            {isAdmin ? (
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <KeyRound aria-hidden="true" />
                {t('Passerelles')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setCreatingChannel(true)}>
              <RadioTower aria-hidden="true" />
              {t('Créer un canal')}
            </Button>
            <Button onClick={() => setAddingRadio(true)}>
              <Plus aria-hidden="true" />
              {t('Ajouter une radio')}
            </Button>
          </div>
        ) : null}
      </div>

      <RadioSummaryCard />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <RadioAlertsCard timezone={timezone} onOpen={openAlert} />
        <CommunicationsCard timezone={timezone} />
      </div>

      <RadiosSection canManage={canManage} timezone={timezone} onAlert={openAlert} />
      <ChannelsSection canManage={canManage} />

      <RadioFormDialog open={addingRadio} onOpenChange={setAddingRadio} />
      <ChannelFormDialog open={creatingChannel} onOpenChange={setCreatingChannel} />
      {isAdmin ? (
        <RadioSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} timezone={timezone} />
      ) : null}
      <RadioAlertDialog
        alertId={openAlertId}
        onOpenChange={(open) => !open && openAlert(null)}
        canManage={canManage}
        timezone={timezone}
      />
    </div>
  );
}
