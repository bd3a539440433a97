import { HeartPulse, Siren } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { startAlarm } from '../alarm-sound';
import { countdown } from '../lone-worker-format';

type CheckInPromptProps = {
  /** When the alert leaves for the control room (due time + grace), in ms since the epoch. */
  deadline: number;
  now: number;
  /** The server raised the alert already. */
  alerted: boolean;
  answering: boolean;
  error: string | null;
  onAnswer: () => void;
};

/**
 * Full-screen "Tout va bien ?" at the due time: loud repeating beep and vibration until the agent
 * presses « Je vais bien », with the time left before the control room is alerted.
 */
export function CheckInPrompt({ deadline, now, alerted, answering, error, onAnswer }: CheckInPromptProps) {
  const button = useRef<HTMLButtonElement>(null);
  const late = alerted || now >= deadline;

  // Rings while shown, silent while the answer travels (rings again if it failed).
  useEffect(() => {
    if (answering) return;
    return startAlarm();
  }, [answering]);
  useEffect(() => {
    button.current?.focus();
  }, []);

  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="check-in-title"
      aria-describedby="check-in-text"
      data-testid="check-in-prompt"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-8 bg-red-700 px-6 py-10 text-center text-white"
    >
      <Siren aria-hidden="true" className="size-20 animate-pulse" />
      <h2 id="check-in-title" className="text-5xl font-black tracking-tight">
        {t('Tout va bien ?')}
      </h2>
      <p id="check-in-text" className="max-w-sm text-xl font-semibold" aria-live="polite">
        {late ? (
          t('Alerte envoyée au centre de contrôle. Confirmez dès que possible que tout va bien.')
        ) : (
          <>
            {t('Confirmez avant')}{' '}
            <span className="font-mono text-3xl font-black tabular-nums" data-testid="check-in-countdown">
              {countdown(deadline, now)}
            </span>
            <br />
            {t('sinon le centre de contrôle est alerté avec votre dernière position.')}
          </>
        )}
      </p>
      <button
        ref={button}
        type="button"
        onClick={onAnswer}
        disabled={answering}
        className="inline-flex min-h-24 w-full max-w-sm items-center justify-center gap-3 rounded-2xl bg-white px-6 text-3xl font-black text-red-800 shadow-xl transition-colors hover:bg-slate-100 disabled:opacity-70 [&_svg]:size-9"
      >
        <HeartPulse aria-hidden="true" />
        {answering ? t('Envoi…') : t('Je vais bien')}
      </button>
      {error ? (
        <p role="alert" className="max-w-sm rounded-xl bg-black/30 p-4 text-lg font-semibold">
          {error}
        </p>
      ) : null}
    </div>
  );
}
