import { Label } from '../../../components/ui/label';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { t } from '../../../lib/i18n/i18n';
import { useChannels } from '../api/get-channels';

/** The channel select's « every channel » entry (Radix Select cannot hold an empty value). */
export const ALL_CHANNELS = 'all';

type JournalFiltersProps = {
  channelId: string;
  onChannelChange: (channelId: string) => void;
  emergencyOnly: boolean;
  onEmergencyOnlyChange: (emergencyOnly: boolean) => void;
};

/** The journal's filters: one channel of the company, and the transmissions the AI took for emergencies. */
export function JournalFilters({
  channelId,
  onChannelChange,
  emergencyOnly,
  onEmergencyOnlyChange,
}: JournalFiltersProps) {
  const channels = useChannels();
  const options: SelectOption[] = [
    { value: ALL_CHANNELS, label: t('Tous les canaux') },
    ...(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name })),
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
      <Select
        aria-label={t('Filtrer par canal')}
        options={options}
        value={channelId}
        onValueChange={onChannelChange}
        className="w-full sm:w-72"
      />
      <div className="flex items-center gap-3">
        <Switch id="journal-emergency-only" checked={emergencyOnly} onCheckedChange={onEmergencyOnlyChange} />
        <Label htmlFor="journal-emergency-only" className="cursor-pointer">
          {t('Urgences uniquement')}
        </Label>
      </div>
    </div>
  );
}
