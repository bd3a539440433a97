import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useSystemSettings } from '../api/get-system-settings';
import { BackupsCard } from './backups-card';
import { SystemForm } from './system-form';

/** Paramètres · Système (administrators). */
export function SystemTab() {
  const settings = useSystemSettings();
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <QueryState
        query={settings}
        loading={t('Chargement des paramètres système…')}
        error={t('Impossible de charger les paramètres système')}
      >
        {(data) => <SystemForm settings={data} />}
      </QueryState>
      <BackupsCard />
    </div>
  );
}
