import type { LoneWorkerSession } from '@vigie/contract/lone-worker.contract';
import { HeartPulse, TimerReset } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCheckIn } from '../api/check-in-protection';
import { clockTime, countdown, everyLabel } from '../lone-worker-format';
import { type PositionProblem, positionProblemMessages, takePosition } from '../phone-position';
import { useNow, usePositionReports, useWakeLock } from '../use-protection-effects';
import { CheckInPrompt } from './check-in-prompt';

type ActiveProtectionProps = { session: LoneWorkerSession; startProblem: PositionProblem | null };

/** The protection running: the next check-in's countdown, an early « Je vais bien », the prompt. */
export function ActiveProtection({ session, startProblem }: ActiveProtectionProps) {
  const now = useNow(true);
  useWakeLock(true);
  const reports = usePositionReports(session.id);
  const checkIn = useCheckIn();
  const [answering, setAnswering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const due = Date.parse(session.nextDueAt);
  const deadline = due + session.graceSeconds * 1000;
  const problem = reports.problem ?? startProblem;

  const answer = async () => {
    setAnswering(true);
    setError(null);
    const { position, problem: p } = await takePosition(5_000);
    reports.setProblem(p);
    checkIn.mutate(
      { id: session.id, position },
      {
        onError: (e) => setError(errorMessage(e, t("Votre réponse n'a pas été reçue, réessayez"))),
        onSettled: () => setAnswering(false),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4" data-testid="lone-worker-active">
      <div className="rounded-xl border-2 border-emerald-500/60 bg-emerald-500/10 p-4">
        <p className="flex items-center gap-2 text-base font-semibold text-emerald-100">
          <TimerReset aria-hidden="true" className="size-5" />
          {t('Vérification : {every}', { every: everyLabel(session.intervalMinutes).toLowerCase() })}
        </p>
        <p className="mt-2 text-lg text-white" data-testid="lone-worker-next">
          {t('Prochaine vérification dans')}{' '}
          <span className="font-mono text-2xl font-bold tabular-nums">{countdown(due, now)}</span>{' '}
          <span className="text-slate-300">{t('(à {time})', { time: clockTime(due) })}</span>
        </p>
        {session.lastCheckInAt ? (
          <p className="mt-1 text-sm text-slate-300">
            {t('Dernière confirmation à {time}', { time: clockTime(session.lastCheckInAt) })}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => void answer()}
        disabled={answering}
        className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-emerald-700 px-5 text-lg font-bold text-white hover:bg-emerald-800 disabled:opacity-50 [&_svg]:size-6"
      >
        <HeartPulse aria-hidden="true" />
        {t('Je vais bien')}
      </button>
      <p className="text-sm text-slate-300">
        {t(
          "Gardez cette page ouverte : l'écran reste allumé et votre téléphone sonne à chaque vérification.",
        )}
      </p>
      {problem ? (
        <p
          role="status"
          className="rounded-xl border-2 border-amber-400/70 bg-amber-500/10 p-3 text-base text-amber-50"
        >
          {t(positionProblemMessages[problem])}
        </p>
      ) : null}
      {error && now < due ? (
        <p role="alert" className="text-base text-red-200">
          {error}
        </p>
      ) : null}
      {now >= due ? (
        <CheckInPrompt
          deadline={deadline}
          now={now}
          alerted={session.alerted}
          answering={answering}
          error={error}
          onAnswer={() => void answer()}
        />
      ) : null}
    </div>
  );
}
