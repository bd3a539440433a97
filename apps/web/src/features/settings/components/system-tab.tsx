import { QueryState } from '../../../components/query-state';
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
        loading="Chargement des paramètres système…"
        error="Impossible de charger les paramètres système"
      >
        {(data) => <SystemForm settings={data} />}
      </QueryState>
      <BackupsCard />
    </div>
  );
}
