import { Home, ShieldQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n/i18n';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-ink-900 px-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl border border-blue-500/30 bg-blue-500/10">
        <ShieldQuestion aria-hidden="true" className="size-8 text-blue-300" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-blue-300">{t('ERREUR 404')}</p>
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('Page introuvable')}</h1>
      <p className="max-w-md text-fg-muted">
        {t("La page que vous cherchez n'existe pas ou a été déplacée.")}
      </p>
      <Button asChild size="lg">
        <Link to="/">
          <Home aria-hidden="true" />
          {t("Retour à l'accueil")}
        </Link>
      </Button>
    </main>
  );
}

export const Component = NotFoundPage;
