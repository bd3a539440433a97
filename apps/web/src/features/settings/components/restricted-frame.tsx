import type { LucideIcon } from 'lucide-react';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';

type RestrictedFrameProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
  testId: string;
};

/** The full-screen step a restricted session must take before anything else. */
export function RestrictedFrame({
  icon: Icon,
  title,
  description,
  onSignOut,
  signingOut,
  children,
  testId,
}: RestrictedFrameProps) {
  return (
    <div className="min-h-dvh bg-ink-900">
      <header className="flex items-center justify-between gap-3 border-b border-white/5 px-4 py-3 sm:px-8">
        <BrandLogo />
        <Button variant="ghost" size="sm" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          {signingOut ? t('Déconnexion...') : t('Se déconnecter')}
        </Button>
      </header>
      <main data-testid={testId} className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="flex flex-col gap-3">
          <span className="flex size-12 items-center justify-center rounded-xl border border-amber-500/30 bg-amber-500/10">
            <Icon aria-hidden="true" className="size-6 text-amber-300" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
          <div className="text-fg-muted">{description}</div>
        </div>
        <div className="rounded-xl border border-ink-700 bg-ink-850 p-5 shadow-lg shadow-black/20 sm:p-6">
          {children}
        </div>
      </main>
    </div>
  );
}
