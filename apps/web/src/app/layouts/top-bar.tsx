import type { Company, User } from '@vigie/contract/auth.contract';
import { Menu, Phone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n/i18n';
import { supportPhone } from '../../lib/vendor';
import { NotificationBell } from './notification-bell';
import { OnlineBadge } from './online-badge';
import { UserMenu } from './user-menu';

type TopBarProps = { user: User; company: Company | null; onOpenMenu: () => void };

export function TopBar({ user, company, onOpenMenu }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-white/5 bg-ink-900/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        onClick={onOpenMenu}
        aria-label={t('Ouvrir le menu')}
      >
        <Menu aria-hidden="true" />
      </Button>
      <p className="min-w-0 flex-1 truncate text-sm font-semibold text-white sm:text-base">
        {/* A phone's bar holds the short name whole rather than « Centre de … » cut short. */}
        <span className="sm:hidden">{t('Supervision')}</span>
        <span className="hidden sm:inline">{t('Vigie — Centre de supervision')}</span>
      </p>
      <OnlineBadge />
      {supportPhone ? (
        <a
          href={`tel:${supportPhone.e164}`}
          className="hidden items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-300 hover:text-white xl:flex"
        >
          <Phone aria-hidden="true" className="size-4 text-blue-300" />
          {supportPhone.display}
        </a>
      ) : null}
      <NotificationBell timezone={user.timezone} />
      <UserMenu user={user} company={company} />
    </header>
  );
}
