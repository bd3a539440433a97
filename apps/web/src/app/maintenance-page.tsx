import { RefreshCw, Wrench } from 'lucide-react';
import { useState } from 'react';
import { BrandLogo } from '../components/brand-logo';
import { Button } from '../components/ui/button';
import { isMaintenanceError } from '../lib/api-errors';
import { t } from '../lib/i18n/i18n';
import { clearMaintenance } from '../lib/maintenance';
import { applyMe, getToken } from '../lib/session';

/**
 * « Maintenance en cours »: shown instead of the whole app while the server answers 503 in
 * maintenance mode (Paramètres · Système). 'Réessayer' asks the server again.
 */
export default function MaintenancePage({ message }: { message: string }) {
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  const retry = async () => {
    setChecking(true);
    setStillDown(false);
    try {
      // Signed in: confirm the session (the maintenance may have ended); on the login page there
      // is nothing to ask: the form is shown again and the next sign-in tells.
      if (getToken()) {
        const { getMe } = await import('../features/auth/api/get-me');
        applyMe(await getMe());
      }
      clearMaintenance();
    } catch (error) {
      if (isMaintenanceError(error)) setStillDown(true);
      // Any other failure (a 401 already sent the user to /login) is the app's to show.
      else clearMaintenance();
    } finally {
      setChecking(false);
    }
  };

  return (
    <main
      data-testid="maintenance-page"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-ink-900 px-4 py-10 text-center"
    >
      <BrandLogo />
      <span className="flex size-16 items-center justify-center rounded-2xl border border-amber-500/30 bg-amber-500/10">
        <Wrench aria-hidden="true" className="size-8 text-amber-300" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('Maintenance en cours')}</h1>
      <p className="max-w-md text-slate-200">{message}</p>
      <p className="max-w-md text-sm text-fg-muted">
        {t(
          'Vos données sont conservées. Les lecteurs de badges et les centrales d’alarme continuent de fonctionner pendant la maintenance.',
        )}
      </p>
      <Button size="lg" onClick={() => void retry()} disabled={checking}>
        <RefreshCw aria-hidden="true" className={checking ? 'animate-spin' : undefined} />
        {checking ? t('Vérification...') : t('Réessayer')}
      </Button>
      <p aria-live="polite" className="min-h-5 text-sm text-amber-200">
        {stillDown ? t('La maintenance est toujours en cours. Réessayez dans quelques minutes.') : ''}
      </p>
    </main>
  );
}
