import { useProfile } from '../api/get-profile';
import { LoadError } from './load-error';
import { PasswordCard } from './password-card';
import { ProfileForm } from './profile-form';
import { SectionLoading } from './section-loading';

/** Paramètres · Profil utilisateur. */
export function ProfileTab() {
  const profile = useProfile();
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {profile.isPending ? (
        <SectionLoading label="Chargement du profil…" />
      ) : profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : (
        <LoadError
          error={profile.error}
          fallback="Impossible de charger le profil"
          onRetry={() => void profile.refetch()}
        />
      )}
      <PasswordCard />
    </div>
  );
}
