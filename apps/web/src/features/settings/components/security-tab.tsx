import { Card } from '../../../components/ui/card';
import { useSecuritySettings } from '../api/get-security-settings';
import { CompanySecurityForm } from './company-security-form';
import { LoadError } from './load-error';
import { SectionLoading } from './section-loading';
import { TwoFactorCard } from './two-factor-card';

/** Paramètres · Sécurité: everyone's own two-factor sign-in, then the company's rules (admins). */
export function SecurityTab({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorCard />
      {isAdmin ? <CompanySecurity /> : null}
    </div>
  );
}

function CompanySecurity() {
  const settings = useSecuritySettings();
  if (settings.isPending) return <SectionLoading label="Chargement de la sécurité de la société…" />;
  if (!settings.data)
    return (
      <Card>
        <LoadError
          error={settings.error}
          fallback="Impossible de charger la sécurité de la société"
          onRetry={() => void settings.refetch()}
        />
      </Card>
    );
  return <CompanySecurityForm settings={settings.data} />;
}
