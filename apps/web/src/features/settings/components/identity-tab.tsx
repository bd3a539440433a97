import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { useIdentitySettings } from '../api/get-identity-settings';
import { IdentityForm } from './identity-form';
import { LogoCard } from './logo-card';

/** Paramètres · Identité (administrators). */
export function IdentityTab() {
  const identity = useIdentitySettings();
  const { company } = useSession();
  return (
    <QueryState
      query={identity}
      loading={t("Chargement de l'identité…")}
      error={t("Impossible de charger l'identité de la société")}
    >
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <IdentityForm settings={data} companyName={company?.name ?? t('le nom de la société')} />
          <LogoCard logoUrl={data.logo} />
        </div>
      )}
    </QueryState>
  );
}
