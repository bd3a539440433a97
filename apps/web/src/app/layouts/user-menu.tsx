import type { Company, User } from '@vigie/contract/auth.contract';
import { userRoleLabels } from '@vigie/contract/enums';
import { Building2, ChevronDown, LogOut, Phone, Settings } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useLogout } from '../../features/auth/api/logout';
import { cityOfAddress } from '../../lib/french';
import { t } from '../../lib/i18n/i18n';
import { supportPhone } from '../../lib/vendor';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu({ user, company }: { user: User; company: Company | null }) {
  // The user's own city, else the company's (from its address), as the specification's menu shows.
  const city = user.city ?? cityOfAddress(company?.address);
  const logout = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className="flex items-center gap-2 rounded-lg p-1 pr-2 text-left transition-colors hover:bg-ink-800"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-700 text-sm font-semibold text-white"
        >
          {initials(user.name)}
        </span>
        <span className="sr-only">{t('Menu utilisateur :')}</span>
        <span className="sr-only flex-col leading-tight md:not-sr-only md:flex">
          {/* Cut only where the bar is really short (tablets); the full name on hover and in the menu. */}
          <span title={user.name} className="max-w-40 truncate text-sm font-medium text-white xl:max-w-72">
            {user.name}
          </span>
          <span className="text-xs text-fg-muted">{t(userRoleLabels[user.role])}</span>
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-fg-muted md:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>
          <p className="font-semibold text-white">{user.name}</p>
          <p title={user.email} className="truncate text-fg-muted">
            {user.email}
          </p>
        </DropdownMenuLabel>
        {company ? (
          <div className="flex items-start gap-2 px-2.5 pb-2 text-sm">
            <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
            <span>
              <span className="block text-slate-200">{company.name}</span>
              {city ? <span className="block text-fg-muted">{city}</span> : null}
            </span>
          </div>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/settings">
            <Settings aria-hidden="true" />
            {t('Paramètres')}
          </Link>
        </DropdownMenuItem>
        {supportPhone ? (
          <DropdownMenuItem asChild>
            <a href={`tel:${supportPhone.e164}`}>
              <Phone aria-hidden="true" />
              {t('Support : {phone}', { phone: supportPhone.display })}
            </a>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()} disabled={logout.isPending} tone="danger">
          <LogOut aria-hidden="true" />
          {t('Se déconnecter')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
