import { ShieldAlert } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';

/**
 * What a field agent sees: the server answers 403 to every access-control call for them, so the
 * page says why instead of showing empty lists and error toasts.
 */
export function AccessRestricted() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t("Contrôle d'accès")}</h1>
      <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl border border-amber-500/40 bg-amber-500/10">
          <ShieldAlert aria-hidden="true" className="size-7 text-amber-200" />
        </span>
        <p className="text-lg font-medium text-white">
          {t('Écran réservé aux administrateurs et aux opérateurs')}
        </p>
        <p className="max-w-lg text-fg-muted">
          {t(
            "La gestion des badges, des points d'accès et le journal des passages sont tenus par le poste de contrôle. Pour un badge perdu ou un accès refusé, adressez-vous à votre responsable ou à l'opérateur de permanence.",
          )}
        </p>
      </Card>
    </div>
  );
}
