import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session';
import { useIdentitySettings } from '../api/get-identity-settings';
import { IdentityForm } from './identity-form';
import { LoadError } from './load-error';
import { LogoCard } from './logo-card';
import { SectionLoading } from './section-loading';

/** Paramètres · Identité (administrators). */
export function IdentityTab() {
  const identity = useIdentitySettings();
  const { company } = useSession();
  if (identity.isPending) return <SectionLoading label="Chargement de l'identité…" />;
  if (!identity.data)
    return (
      <Card>
        <LoadError
          error={identity.error}
          fallback="Impossible de charger l'identité de la société"
          onRetry={() => void identity.refetch()}
        />
      </Card>
    );
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <IdentityForm settings={identity.data} companyName={company?.name ?? 'le nom de la société'} />
      <LogoCard logoUrl={identity.data.logo} />
    </div>
  );
}
