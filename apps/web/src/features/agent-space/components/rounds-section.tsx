import { type Round, roundStatusLabels, tourOrderModeLabels } from '@vigie/contract/guard-tours.contract';
import { Play, Route, ScanLine } from 'lucide-react';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useOpenRounds } from '../api/get-open-rounds';
import { useSiteTours } from '../api/get-site-tours';
import { useStartRound } from '../api/start-round';
import type { OutboxItem } from '../outbox/outbox-types';

type RoundsSectionProps = {
  agentId: string;
  /** The site of the shift in progress ('' when off duty). */
  siteId: string;
  online: boolean;
  pendingScans: Extract<OutboxItem, { kind: 'scan' }>[];
  onOpen: (roundId: string) => void;
};

const bigButton =
  'inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl px-5 text-lg font-bold disabled:opacity-50 [&_svg]:size-6';

/** The agent's rounds in progress and planned; the site's tours can be started from here too. */
export function RoundsSection({ agentId, siteId, online, pendingScans, onOpen }: RoundsSectionProps) {
  const rounds = useOpenRounds();
  const tours = useSiteTours(siteId);
  const start = useStartRound();
  const mine = (rounds.data ?? []).filter(
    (r) => r.agentId === agentId || (r.agentId === null && siteId !== '' && r.siteId === siteId),
  );
  const busyTours = new Set(mine.map((r) => r.tourId));
  const idleTours = (tours.data ?? []).filter((t) => !busyTours.has(t.id));

  const begin = (target: { roundId: string } | { tourId: string }) =>
    start.mutate(target, {
      onSuccess: (round) => {
        toast.success(t('Ronde démarrée'), { description: round.tourName });
        onOpen(round.id);
      },
      onError: (error) => toast.error(errorMessage(error, t("La ronde n'a pas pu démarrer"))),
    });

  if (rounds.isPending && !rounds.data) {
    return online ? <Spinner label={t('Chargement des rondes…')} /> : <OfflineEmpty />;
  }
  return (
    <div className="flex flex-col gap-4">
      {mine.length === 0 && idleTours.length === 0 ? (
        <p className="text-base text-slate-300">{t('Aucune ronde à faire pour le moment.')}</p>
      ) : null}
      {mine.map((round) => (
        <RoundCard
          key={round.id}
          round={round}
          queued={pendingScans.filter((s) => s.payload.roundId === round.id).length}
        >
          {round.status === 'in_progress' ? (
            <button
              type="button"
              onClick={() => onOpen(round.id)}
              className={cn(bigButton, 'bg-emerald-700 text-white hover:bg-emerald-800')}
            >
              <ScanLine aria-hidden="true" />
              {t('Scanner les points')}
            </button>
          ) : (
            <button
              type="button"
              disabled={!online || start.isPending}
              onClick={() => begin({ roundId: round.id })}
              className={cn(bigButton, 'bg-accent text-white hover:bg-accent-hover')}
            >
              <Play aria-hidden="true" />
              {t('Démarrer la ronde')}
            </button>
          )}
        </RoundCard>
      ))}
      {siteId !== '' && idleTours.length > 0 ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-base font-semibold text-slate-200">{t('Lancer une ronde du site')}</h3>
          {idleTours.map((tour) => (
            <div
              key={tour.id}
              className="flex flex-col gap-2 rounded-xl border border-ink-600 bg-ink-850 p-3"
            >
              <p className="font-semibold text-white">{tour.name}</p>
              <p className="text-sm text-slate-300">
                {t('{count} points · {mode} · {minutes} min', {
                  count: tour.checkpoints.length,
                  mode: t(tourOrderModeLabels[tour.orderMode]),
                  minutes: tour.expectedMinutes,
                })}
              </p>
              <button
                type="button"
                disabled={!online || start.isPending}
                onClick={() => begin({ tourId: tour.id })}
                className={cn(bigButton, 'min-h-12 border-2 border-slate-400/70 text-white hover:bg-ink-800')}
              >
                <Play aria-hidden="true" />
                {t('Démarrer cette ronde')}
              </button>
            </div>
          ))}
        </div>
      ) : null}
      {!online ? (
        <p className="text-sm text-amber-100">
          {t('Hors ligne : une ronde démarrée se scanne sans réseau ; démarrer une ronde demande le réseau.')}
        </p>
      ) : null}
    </div>
  );
}

function OfflineEmpty() {
  return (
    <p className="text-base text-amber-100">
      {t("Hors ligne : les rondes n'ont pas encore été chargées sur ce téléphone.")}
    </p>
  );
}

function RoundCard({ round, queued, children }: { round: Round; queued: number; children: React.ReactNode }) {
  const done = Math.min(round.total, round.scanned + queued);
  return (
    <article
      data-testid="agent-round"
      data-status={round.status}
      className="flex flex-col gap-3 rounded-2xl border-2 border-ink-600 bg-ink-850 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cn(
            'rounded-full px-3 py-1 text-sm font-bold text-white',
            round.status === 'in_progress' ? 'bg-emerald-700' : 'bg-blue-700',
          )}
        >
          {t(roundStatusLabels[round.status])}
        </span>
        <span className="text-sm text-slate-200">{t(tourOrderModeLabels[round.orderMode])}</span>
      </div>
      <h3 className="flex items-center gap-2 text-xl font-bold text-white">
        <Route aria-hidden="true" className="size-6 text-blue-300" />
        {round.tourName}
      </h3>
      <p className="text-base text-slate-200">
        {round.status !== 'in_progress'
          ? t('Prévue à {date} · {total} points', {
              date: formatDateTime(round.plannedAt),
              total: round.total,
            })
          : queued > 0
            ? t("{done} / {total} points scannés (dont {queued} en attente d'envoi)", {
                done,
                total: round.total,
                queued,
              })
            : t('{done} / {total} points scannés', { done, total: round.total })}
      </p>
      {children}
    </article>
  );
}
