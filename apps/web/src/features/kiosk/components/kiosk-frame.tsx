import { accessLogNotice } from '@vigie/contract/access.contract';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n/i18n';

/** The CNIL notice to visitors: always on screen, at the bottom. */
export function KioskNotice({ className = '' }: { className?: string }) {
  return (
    <p
      className={`px-4 py-2 text-center text-sm leading-snug sm:py-3 text-slate-200 sm:text-base ${className}`}
    >
      {t(accessLogNotice)}
    </p>
  );
}

type KioskFrameProps = {
  /** The access point's name, once an answer has told it. */
  pointName: string | null;
  /** Connection light and actions, on the right of the header. */
  actions?: ReactNode;
  children: ReactNode;
};

/** Header (where the kiosk stands), the screen, and the visitor notice at the bottom. */
export function KioskFrame({ pointName, actions, children }: KioskFrameProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-950 text-fg">
      <header className="flex items-center justify-between gap-3 border-b border-ink-700 bg-ink-900 px-4 py-3 sm:gap-6 sm:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {/* The mark gives its room to the point's name on a phone. */}
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-blue-500 to-indigo-700 sm:flex">
            <ShieldCheck aria-hidden="true" className="size-6 text-white" />
          </span>
          <div className="min-w-0">
            {pointName ? (
              <>
                <p className="text-xs font-semibold tracking-wide text-blue-200 uppercase sm:text-sm">
                  {t("Borne d'accès")}
                </p>
                <h1
                  className="line-clamp-2 text-xl leading-tight font-bold break-words text-white sm:truncate sm:text-3xl"
                  data-testid="kiosk-point"
                >
                  {pointName}
                </h1>
              </>
            ) : (
              <h1 className="text-xl font-bold text-white sm:text-3xl">{t("Borne d'accès")}</h1>
            )}
          </div>
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2 sm:gap-3">{actions}</div> : null}
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      {/* Sticky: on a phone held upright the screen scrolls, and the notice must stay in sight. */}
      <footer className="sticky bottom-0 border-t border-ink-700 bg-ink-900">
        <KioskNotice />
      </footer>
    </div>
  );
}
