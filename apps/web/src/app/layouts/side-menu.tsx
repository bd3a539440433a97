import { NavLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';
import { PRODUCT_VERSION } from '../../lib/vendor';
import { preloadRoute } from '../route-modules';
import { navItemsFor } from './nav-items';

type SideMenuProps = { companyReference: string | null; onNavigate?: () => void };

export function SideMenu({ companyReference, onNavigate }: SideMenuProps) {
  const role = useSession().user?.role;
  return (
    <div className="flex h-full flex-col bg-ink-950" data-testid="side-menu">
      <div className="flex h-16 shrink-0 items-center border-b border-white/5 px-5">
        <BrandLogo />
      </div>
      <nav aria-label={t('Menu principal')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {navItemsFor(role).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                state={item.state}
                onClick={onNavigate}
                // Pointed at or focused: the screen's code and data load before the click.
                onPointerEnter={() => preloadRoute(item.to)}
                onFocus={() => preloadRoute(item.to)}
                className={({ isActive }) =>
                  cn(
                    'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-accent text-white shadow-md shadow-blue-950/50'
                      : 'text-slate-300 hover:bg-ink-800 hover:text-white',
                  )
                }
              >
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                <span className="flex-1">{t(item.label)}</span>
                {item.badge ? (
                  <span className="rounded-md bg-gradient-to-r from-violet-600 to-fuchsia-700 px-1.5 py-0.5 text-[11px] font-bold text-white">
                    {t(item.badge)}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-white/5 px-5 py-4 text-xs">
        <p className="font-medium text-slate-200">
          {companyReference
            ? t('Société N° {reference}', { reference: companyReference })
            : t('Société N° —')}
        </p>
        <p className="mt-1 text-slate-400">{PRODUCT_VERSION}</p>
      </div>
    </div>
  );
}
