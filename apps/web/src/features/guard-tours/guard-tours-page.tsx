import { type Tour, tourOrderModeLabels } from '@vigie/contract/guard-tours.contract';
import { AlertTriangle, CheckCircle2, FileDown, Pencil, Plus, RefreshCw, Route, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-errors';
import { currentLocale, msg, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useDeleteTour } from './api/delete-tour';
import { downloadLabels } from './api/download-tour-labels';
import { useRounds } from './api/get-rounds';
import { useTourStats } from './api/get-tour-stats';
import { useTours } from './api/get-tours';
import { ReplaceLabelDialog } from './components/replace-label-dialog';
import { RoundCard } from './components/round-card';
import { TourDialog } from './components/tour-dialog';

const dayShort = [msg('lun'), msg('mar'), msg('mer'), msg('jeu'), msg('ven'), msg('sam'), msg('dim')];

function scheduleText(tour: Tour) {
  const s = tour.schedule;
  if (!s) return t('Sans planification');
  const days =
    s.days.length === 7 ? t('tous les jours') : s.days.map((d) => t(dayShort[d - 1] ?? '')).join(', ');
  const every = s.everyMinutes % 60 === 0 ? `${s.everyMinutes / 60} h` : `${s.everyMinutes} min`;
  return t('Toutes les {every} de {start} à {end}, {days}', { every, start: s.start, end: s.end, days });
}

/** '2026-W48' → « semaine 48 (2026) ». */
function weekText(week: string | undefined) {
  const match = week ? /^(\d{4})-W(\d{2})$/.exec(week) : null;
  if (!match) return week;
  return t('semaine {week} ({year})', { week: match[2], year: match[1] });
}

function RoundsSection() {
  const inProgress = useRounds('in_progress');
  const planned = useRounds('planned');
  const missed = useRounds('missed');
  const done = useRounds('done');
  const rounds = [...(inProgress.data?.items ?? []), ...(planned.data?.items ?? [])];
  const recentMissed = (missed.data?.items ?? []).slice(0, 5);
  // A finished round stays in view a while: its anomalies (a scan outside the site) are read after.
  const recentDone = (done.data?.items ?? []).slice(0, 5);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Rondes en cours')}</CardTitle>
        <CardDescription>{t('Progression en direct des passages en cours et planifiés.')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryState
          query={inProgress}
          layout="card"
          loading={t('Chargement des rondes…')}
          error={t('Impossible de charger les rondes')}
          empty={{ when: rounds.length === 0, title: t('Aucune ronde en cours ni planifiée.') }}
        >
          <ul className="flex flex-col gap-3">
            {rounds.map((r) => (
              <RoundCard key={r.id} round={r} />
            ))}
          </ul>
        </QueryState>
        {recentMissed.length > 0 ? (
          <div>
            <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-red-200">
              <AlertTriangle className="size-4" aria-hidden="true" /> {t('Rondes manquées récentes')}
            </h3>
            <ul className="flex flex-col gap-3">
              {recentMissed.map((r) => (
                <RoundCard key={r.id} round={r} />
              ))}
            </ul>
          </div>
        ) : null}
        {recentDone.length > 0 ? (
          <div>
            <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-emerald-200">
              <CheckCircle2 className="size-4" aria-hidden="true" /> {t('Rondes terminées récentes')}
            </h3>
            <ul className="flex flex-col gap-3">
              {recentDone.map((r) => (
                <RoundCard key={r.id} round={r} />
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatsSection() {
  const stats = useTourStats();
  const week = weekText(stats.data?.week);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Taux de réalisation')}</CardTitle>
        <CardDescription>
          {t('Par site, {week} : rondes terminées sur rondes échues.', { week: week ?? t('cette semaine') })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          layout="card"
          loading={t('Chargement du taux de réalisation…')}
          error={t('Impossible de charger le taux de réalisation')}
          empty={{ when: (data) => data.sites.length === 0, title: t("Aucun site n'a encore de ronde.") }}
        >
          {(data) => (
            <ul className="flex flex-col gap-3">
              {data.sites.map((s) => (
                <li key={s.siteId}>
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate font-medium text-white" title={s.siteName}>
                      {s.siteName}
                    </span>
                    <span className="shrink-0 font-semibold">
                      {s.completionRate === null
                        ? '—'
                        : t('{rate} %', { rate: s.completionRate.toLocaleString(currentLocale()) })}
                    </span>
                  </div>
                  <div className="mt-1 h-2 overflow-hidden rounded-full bg-ink-700">
                    <div
                      className={`h-full rounded-full ${s.completionRate !== null && s.completionRate < 80 ? 'bg-amber-500' : 'bg-emerald-500'}`}
                      style={{ width: `${s.completionRate ?? 0}%` }}
                    />
                  </div>
                  <p className="mt-1 text-xs text-fg-muted">
                    {t(
                      '{done, plural, one {# terminée} other {# terminées}} · {missed, plural, one {# manquée} other {# manquées}} · {open} en attente',
                      { done: s.done, missed: s.missed, open: s.open },
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ToursSection({ onEdit }: { onEdit: (tour: Tour) => void }) {
  const tours = useTours();
  const remove = useDeleteTour();
  // The tour whose labels are being replaced (read from the list, so it follows a refresh).
  const [replacing, setReplacing] = useState<string | null>(null);
  const replacingTour = tours.data?.find((item) => item.id === replacing);
  const print = async (tour: Tour) => {
    try {
      await downloadLabels(tour.id, tour.name);
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de générer les étiquettes')),
      });
    }
  };
  const del = async (tour: Tour) => {
    if (!window.confirm(t('Supprimer la ronde « {name} » et son historique ?', { name: tour.name }))) return;
    try {
      await remove.mutateAsync(tour.id);
      toast.success(t('Ronde supprimée'));
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de supprimer la ronde')) });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Circuits de ronde')}</CardTitle>
        <CardDescription>
          {t("Points de contrôle à scanner, dans l'ordre ou tirés au hasard.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={tours}
          layout="card"
          loading={t('Chargement des circuits…')}
          error={t('Impossible de charger les circuits')}
          empty={{
            when: (data) => data.length === 0,
            title: t('Aucune ronde : créez la première avec « Nouvelle ronde ».'),
          }}
        >
          {(data) => (
            <ul className="flex flex-col gap-3">
              {data.map((tour) => (
                <li key={tour.id} className="rounded-lg border border-ink-600 bg-ink-850 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-white">{tour.name}</p>
                      <p className="text-sm text-fg-muted">{tour.siteName}</p>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <Badge>{t(tourOrderModeLabels[tour.orderMode])}</Badge>
                      <Badge tone="accent">{t('{minutes} min', { minutes: tour.expectedMinutes })}</Badge>
                    </div>
                  </div>
                  <p className="mt-2 text-xs text-fg-muted">
                    {t('{count, plural, one {# point de contrôle} other {# points de contrôle}}', {
                      count: tour.checkpoints.length,
                    })}{' '}
                    · {scheduleText(tour)}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(tour)}>
                      <Pencil /> {t('Modifier')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!tour.checkpoints.some((c) => c.kind === 'qr')}
                      onClick={() => void print(tour)}
                    >
                      <FileDown /> {t('Étiquettes')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!tour.checkpoints.some((c) => c.kind === 'qr')}
                      onClick={() => setReplacing(tour.id)}
                    >
                      <RefreshCw /> {t('Remplacer une étiquette')}
                    </Button>
                    <Button size="sm" variant="danger-ghost" onClick={() => void del(tour)}>
                      <Trash2 /> {t('Supprimer')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        {replacingTour ? (
          <ReplaceLabelDialog
            key={replacingTour.id}
            tour={replacingTour}
            open
            onOpenChange={(open) => setReplacing(open ? replacingTour.id : null)}
            onPrint={(tour) => void print(tour)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Rondes: the control room's tours, rounds in progress and weekly completion per site. */
export default function GuardToursPage() {
  const { user } = useSession();
  const [editing, setEditing] = useState<Tour | null>(null);
  const [open, setOpen] = useState(false);
  if (user?.role === 'agent')
    return (
      <p className="text-fg-muted">
        {t('Les rondes sont gérées par les administrateurs et les opérateurs.')}
      </p>
    );
  const openDialog = (tour: Tour | null) => {
    setEditing(tour);
    setOpen(true);
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-white sm:text-3xl">
            <Route className="size-7 text-accent" aria-hidden="true" /> {t('Rondes')}
          </h1>
          <p className="text-fg-muted">
            {t(
              'Circuits de points de contrôle, passages des agents en direct et taux de réalisation de la semaine.',
            )}
          </p>
        </div>
        <Button onClick={() => openDialog(null)}>
          <Plus /> {t('Nouvelle ronde')}
        </Button>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <RoundsSection />
          <ToursSection onEdit={openDialog} />
        </div>
        <div className="min-w-0">
          <StatsSection />
        </div>
      </div>
      {open ? (
        <TourDialog key={editing?.id ?? 'new'} tour={editing} open={open} onOpenChange={setOpen} />
      ) : null}
    </div>
  );
}
