import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useSecuritySettings } from '../api/get-security-settings';
import { CompanySecurityForm } from './company-security-form';
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
  return (
    <QueryState
      query={settings}
      loading={t('Chargement de la sécurité de la société…')}
      error={t('Impossible de charger la sécurité de la société')}
    >
      {(data) => <CompanySecurityForm settings={data} />}
    </QueryState>
  );
}
