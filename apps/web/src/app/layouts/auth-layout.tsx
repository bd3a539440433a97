import { CircleCheck, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { msg, t } from '../../lib/i18n/i18n';
import { preloadCodeWhenIdle } from '../idle-preload';

const highlights = [
  msg('Caméras, alarmes et contrôle d’accès réunis'),
  msg('Radio POC 4G avec détection d’urgence par IA'),
  msg('Rapports de sécurité signés sur le terrain'),
  msg('Planning des agents par site'),
];

/** Where the dashboard shows its side menu (Tailwind's lg). */
const WIDE_SCREEN = '(min-width: 1024px)';

/** Login and registration: a brand panel on large screens, the form on the right. */
export function AuthLayout() {
  // While the form is filled in on a wide screen (the control room's), the dashboard's code loads
  // when idle: signing in then waits only for the overview's data, which starts with the sign-in's
  // answer (guards.tsx). Not on a phone: its user is most likely an agent, whose home is the agent
  // space, and whose phone keeps for offline use what the page loaded (the service worker).
  useEffect(
    () => (window.matchMedia?.(WIDE_SCREEN).matches ? preloadCodeWhenIdle(['/dashboard']) : undefined),
    [],
  );
  return (
    <div className="grid min-h-dvh bg-ink-900 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden border-r border-white/5 bg-ink-950 lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -left-32 size-[30rem] rounded-full bg-blue-600/20 blur-3xl"
        />
        <Link to="/" aria-label={t('Vigie — accueil')} className="relative w-fit">
          <BrandLogo />
        </Link>
        <div className="relative flex flex-col gap-6">
          <ShieldCheck aria-hidden="true" className="size-12 text-blue-400" />
          <p className="text-3xl font-bold tracking-tight text-white">
            {t('Le centre de supervision des sociétés de sécurité privée et incendie.')}
          </p>
          <ul className="flex flex-col gap-3 text-slate-300">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-3">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-400" />
                {t(item)}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-slate-400">
          {t('Mise en place en 48 h · Formation incluse · Support 24/7')}
        </p>
      </aside>
      <main className="flex flex-col items-center px-4 py-10 sm:px-8 lg:justify-center lg:py-16">
        <Link to="/" aria-label={t('Vigie — accueil')} className="mb-10 lg:hidden">
          <BrandLogo />
        </Link>
        <div className="w-full max-w-xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export const Component = AuthLayout;
