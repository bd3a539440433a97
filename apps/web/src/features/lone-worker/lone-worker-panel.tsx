import { loneWorkerDefaultInterval, loneWorkerIntervalChoices } from '@vigie/contract/lone-worker.contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { NativeSelect } from '../../components/ui/native-select';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { errorMessage } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { unlockAlarmSound } from './alarm-sound';
import { useCurrentProtection } from './api/get-current-protection';
import { useStartProtection } from './api/start-protection';
import { useStopProtection } from './api/stop-protection';
import { ActiveProtection } from './components/active-protection';
import { RecordedPositions } from './components/recorded-positions';
import { everyLabel } from './lone-worker-format';
import { type PositionProblem, takePosition } from './phone-position';

type LoneWorkerPanelProps = {
  /** The agent's shift is under way (clocked in): protection can only be turned on then. */
  shiftInProgress?: boolean;
};

/**
 * « Protection travailleur isolé »: the agent on a lone post turns it on for the shift; the phone
 * asks « Tout va bien ? » at the chosen interval, and a missed answer alerts the control room.
 */
export function LoneWorkerPanel({ shiftInProgress = true }: LoneWorkerPanelProps) {
  const current = useCurrentProtection();
  const start = useStartProtection();
  const stop = useStopProtection();
  const [interval, setChoice] = useState(String(loneWorkerDefaultInterval));
  const [startProblem, setStartProblem] = useState<PositionProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const session = current.data?.session ?? null;
  const busy = starting || start.isPending || stop.isPending;

  const toggle = async (on: boolean) => {
    if (!on) {
      if (session) stop.mutate(session.id);
      return;
    }
    // The tap that turns protection on is the gesture that lets the page ring later.
    unlockAlarmSound();
    setStarting(true);
    const { position, problem } = await takePosition();
    setStartProblem(problem);
    start.mutate({ intervalMinutes: Number(interval), position }, { onSettled: () => setStarting(false) });
  };

  const failure = start.error ?? stop.error;
  // Built at render: the labels follow the language.
  const intervalOptions = loneWorkerIntervalChoices.map((m) => ({ value: String(m), label: everyLabel(m) }));
  return (
    <div className="flex flex-col gap-4" data-testid="lone-worker-panel">
      <div className="flex items-center justify-between gap-4 rounded-xl border-2 border-ink-600 bg-ink-850 p-4">
        <div className="flex flex-col gap-1">
          <label
            htmlFor="lone-worker-switch"
            className="flex cursor-pointer items-center gap-2 text-lg font-bold text-white"
          >
            <ShieldCheck aria-hidden="true" className="size-6 text-emerald-300" />
            {t('Protection travailleur isolé')}
          </label>
          <span id="lone-worker-state" className="text-base text-slate-300" data-testid="lone-worker-state">
            {session ? t('Activée') : busy ? t('Activation…') : t('Désactivée')}
          </span>
        </div>
        <Switch
          id="lone-worker-switch"
          aria-describedby="lone-worker-state"
          checked={session !== null}
          disabled={busy || current.isPending || (!session && !shiftInProgress)}
          onCheckedChange={(on) => void toggle(on)}
        />
      </div>
      {current.isPending ? <Spinner label={t('Chargement de la protection…')} /> : null}
      {current.isError ? (
        <p role="alert" className="text-base text-red-200">
          {errorMessage(current.error, t('Impossible de lire l’état de la protection'))}
        </p>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="rounded-xl border-2 border-red-500/60 bg-red-500/10 p-3 text-base text-red-100"
        >
          {errorMessage(failure, t('La protection n’a pas pu être modifiée'))}
        </p>
      ) : null}
      {session ? (
        <ActiveProtection session={session} startProblem={startProblem} />
      ) : current.data ? (
        <div className="flex flex-col gap-3">
          <label htmlFor="lone-worker-interval" className="text-base font-semibold text-slate-100">
            {t('Vérification')}
          </label>
          <NativeSelect
            id="lone-worker-interval"
            options={intervalOptions}
            value={interval}
            onChange={(e) => setChoice(e.target.value)}
            disabled={busy}
          />
          <p className="text-sm text-slate-300">
            {t(
              'À chaque vérification, le téléphone sonne et vibre : sans réponse dans les 2 minutes, le centre de contrôle est alerté avec votre dernière position.',
            )}
          </p>
          {!shiftInProgress ? (
            <p className="text-base text-amber-100">
              {t('Prenez votre service pour activer la protection.')}
            </p>
          ) : null}
        </div>
      ) : null}
      <RecordedPositions />
    </div>
  );
}
