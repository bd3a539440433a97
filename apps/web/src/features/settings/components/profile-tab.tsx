import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useProfile } from '../api/get-profile';
import { PasswordCard } from './password-card';
import { ProfileForm } from './profile-form';

/** Paramètres · Profil utilisateur. */
export function ProfileTab() {
  const profile = useProfile();
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <QueryState
        query={profile}
        loading={t('Chargement du profil…')}
        error={t('Impossible de charger le profil')}
      >
        {(data) => <ProfileForm profile={data} />}
      </QueryState>
      <PasswordCard />
    </div>
  );
}
