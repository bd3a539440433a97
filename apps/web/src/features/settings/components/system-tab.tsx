import { Card } from '../../../components/ui/card';
import { useSystemSettings } from '../api/get-system-settings';
import { BackupsCard } from './backups-card';
import { LoadError } from './load-error';
import { SectionLoading } from './section-loading';
import { SystemForm } from './system-form';

/** Paramètres · Système (administrators). */
export function SystemTab() {
  const settings = useSystemSettings();
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {settings.isPending ? (
        <SectionLoading label="Chargement des paramètres système…" />
      ) : settings.data ? (
        <SystemForm settings={settings.data} />
      ) : (
        <Card>
          <LoadError
            error={settings.error}
            fallback="Impossible de charger les paramètres système"
            onRetry={() => void settings.refetch()}
          />
        </Card>
      )}
      <BackupsCard />
    </div>
  );
}
