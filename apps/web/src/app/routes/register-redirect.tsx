import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';

const REDIRECT_DELAY_MS = 800;

/** /register: a short message, then /register-company (nobody signed in) or /dashboard. */
export function Component() {
  const { user } = useSession();
  const navigate = useNavigate();
  const target = user ? '/dashboard' : '/register-company';

  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-ink-900 px-4 text-center">
      <BrandLogo />
      <h1 className="text-xl font-semibold text-white">{t('Redirection en cours…')}</h1>
      <p className="text-fg-muted">
        {user
          ? t('Vous êtes déjà connecté : ouverture du tableau de bord.')
          : t("Ouverture de l'inscription de votre société.")}
      </p>
      <Spinner />
    </main>
  );
}
