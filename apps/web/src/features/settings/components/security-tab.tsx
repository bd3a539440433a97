import { QueryState } from '../../../components/query-state';
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
      loading="Chargement de la sécurité de la société…"
      error="Impossible de charger la sécurité de la société"
    >
      {(data) => <CompanySecurityForm settings={data} />}
    </QueryState>
  );
}
