import { Wifi, WifiOff } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { WideLabel } from './kiosk-button';

/** A small light for the staff: is the kiosk reaching the server? */
export function ConnectionIndicator({ online }: { online: boolean }) {
  return (
    <span
      role="status"
      data-testid="kiosk-connection"
      className={`inline-flex min-h-12 min-w-12 items-center justify-center gap-2 rounded-xl border-2 px-3 text-base font-semibold ${
        online ? 'border-emerald-500/60 text-emerald-200' : 'border-amber-400/70 text-amber-200'
      }`}
    >
      {online ? (
        <Wifi aria-hidden="true" className="size-5" />
      ) : (
        <WifiOff aria-hidden="true" className="size-5" />
      )}
      <WideLabel>{online ? t('En ligne') : t('Hors ligne')}</WideLabel>
    </span>
  );
}
