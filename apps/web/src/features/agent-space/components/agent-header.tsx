import { LogOut, MonitorSmartphone, Wifi, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

/** The phone's top bar: the app, and the connection as the browser sees it (« Hors ligne »). */
export function AgentHeader({ online }: { online: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-ink-950/95 backdrop-blur">
      <div className="mx-auto flex max-w-xl items-center gap-2 px-4 py-2">
        <BrandLogo compact className="shrink-0" />
        <span className="text-lg font-bold text-white">{'Vigie Agent'}</span>
        <span
          role="status"
          data-testid="agent-connection"
          className={cn(
            'ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-bold whitespace-nowrap',
            online ? 'bg-emerald-800 text-white' : 'bg-amber-400 text-ink-950',
          )}
        >
          {online ? (
            <Wifi aria-hidden="true" className="size-4" />
          ) : (
            <WifiOff aria-hidden="true" className="size-4" />
          )}
          {online ? t('En ligne') : t('Hors ligne')}
        </span>
      </div>
    </header>
  );
}

type AgentFooterProps = {
  /** Navigation state the full version's link carries (the dashboard sends agents here otherwise). */
  fullVersionState: unknown;
  onSignOut: () => void;
};

/** At the end of the page: the back office (« Version complète ») and signing out. */
export function AgentFooter({ fullVersionState, onSignOut }: AgentFooterProps) {
  const item =
    'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl border-2 border-slate-500/60 px-3 text-base font-semibold text-slate-100 hover:bg-ink-800';
  return (
    <nav aria-label={t('Autres pages')} className="flex flex-col gap-3 min-[420px]:flex-row">
      <Link to="/dashboard" state={fullVersionState} className={item}>
        <MonitorSmartphone aria-hidden="true" className="size-5" />
        {t('Version complète')}
      </Link>
      <button type="button" onClick={onSignOut} className={item}>
        <LogOut aria-hidden="true" className="size-5" />
        {t('Se déconnecter')}
      </button>
    </nav>
  );
}
