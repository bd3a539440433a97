import { RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { t } from '../lib/i18n/i18n';

type State = { failed: boolean };

/** Last-resort screen, e.g. a page chunk that failed to download after a deployment. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Erreur d’affichage', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-ink-900 px-4 text-center">
        <h1 className="text-2xl font-bold text-white">{t('Une erreur est survenue')}</h1>
        <p className="max-w-md text-fg-muted">
          {t("La page n'a pas pu s'afficher. Rechargez-la ; si le problème persiste, contactez le support.")}
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          {t('Recharger la page')}
        </Button>
      </main>
    );
  }
}
