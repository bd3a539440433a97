import { type Tour, tourOrderModeLabels } from '@vigie/contract/guard-tours.contract';
import { AlertTriangle, CheckCircle2, FileDown, Pencil, Plus, RefreshCw, Route, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-errors';
import { useSession } from '../../lib/session';
import { useDeleteTour } from './api/delete-tour';
import { downloadLabels } from './api/download-tour-labels';
import { useRounds } from './api/get-rounds';
import { useTourStats } from './api/get-tour-stats';
import { useTours } from './api/get-tours';
import { ReplaceLabelDialog } from './components/replace-label-dialog';
import { RoundCard } from './components/round-card';
import { TourDialog } from './components/tour-dialog';

const dayShort = ['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'];

function scheduleText(tour: Tour) {
  const s = tour.schedule;
  if (!s) return 'Sans planification';
  const days = s.days.length === 7 ? 'tous les jours' : s.days.map((d) => dayShort[d - 1]).join(', ');
  const every = s.everyMinutes % 60 === 0 ? `${s.everyMinutes / 60} h` : `${s.everyMinutes} min`;
  return `Toutes les ${every} de ${s.start} à ${s.end}, ${days}`;
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
        <CardTitle>Rondes en cours</CardTitle>
        <CardDescription>Progression en direct des passages en cours et planifiés.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryState
          query={inProgress}
          layout="card"
          loading="Chargement des rondes…"
          error="Impossible de charger les rondes"
          empty={{ when: rounds.length === 0, title: 'Aucune ronde en cours ni planifiée.' }}
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
              <AlertTriangle className="size-4" aria-hidden="true" /> Rondes manquées récentes
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
              <CheckCircle2 className="size-4" aria-hidden="true" /> Rondes terminées récentes
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
  const week = stats.data?.week.replace(/^(\d{4})-W(\d{2})$/, 'semaine $2 ($1)');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Taux de réalisation</CardTitle>
        <CardDescription>
          Par site, {week ?? 'cette semaine'} : rondes terminées sur rondes échues.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={stats}
          layout="card"
          loading="Chargement du taux de réalisation…"
          error="Impossible de charger le taux de réalisation"
          empty={{ when: (data) => data.sites.length === 0, title: "Aucun site n'a encore de ronde." }}
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
                      {s.completionRate === null ? '—' : `${s.completionRate.toLocaleString('fr-FR')} %`}
                    </span>
                  </div>
                  <div className="mt-1 h-2 overflow-hidden rounded-full bg-ink-700">
                    <div
                      className={`h-full rounded-full ${s.completionRate !== null && s.completionRate < 80 ? 'bg-amber-500' : 'bg-emerald-500'}`}
                      style={{ width: `${s.completionRate ?? 0}%` }}
                    />
                  </div>
                  <p className="mt-1 text-xs text-fg-muted">
                    {s.done} terminée{s.done > 1 ? 's' : ''} · {s.missed} manquée{s.missed > 1 ? 's' : ''} ·{' '}
                    {s.open} en attente
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
  const replacingTour = tours.data?.find((t) => t.id === replacing);
  const print = async (tour: Tour) => {
    try {
      await downloadLabels(tour.id, tour.name);
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de générer les étiquettes') });
    }
  };
  const del = async (tour: Tour) => {
    if (!window.confirm(`Supprimer la ronde « ${tour.name} » et son historique ?`)) return;
    try {
      await remove.mutateAsync(tour.id);
      toast.success('Ronde supprimée');
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de supprimer la ronde') });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Circuits de ronde</CardTitle>
        <CardDescription>Points de contrôle à scanner, dans l'ordre ou tirés au hasard.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={tours}
          layout="card"
          loading="Chargement des circuits…"
          error="Impossible de charger les circuits"
          empty={{
            when: (data) => data.length === 0,
            title: 'Aucune ronde : créez la première avec « Nouvelle ronde ».',
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
                      <Badge>{tourOrderModeLabels[tour.orderMode]}</Badge>
                      <Badge tone="accent">{tour.expectedMinutes} min</Badge>
                    </div>
                  </div>
                  <p className="mt-2 text-xs text-fg-muted">
                    {tour.checkpoints.length} point{tour.checkpoints.length > 1 ? 's' : ''} de contrôle ·{' '}
                    {scheduleText(tour)}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(tour)}>
                      <Pencil /> Modifier
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!tour.checkpoints.some((c) => c.kind === 'qr')}
                      onClick={() => void print(tour)}
                    >
                      <FileDown /> Étiquettes
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!tour.checkpoints.some((c) => c.kind === 'qr')}
                      onClick={() => setReplacing(tour.id)}
                    >
                      <RefreshCw /> Remplacer une étiquette
                    </Button>
                    <Button size="sm" variant="danger-ghost" onClick={() => void del(tour)}>
                      <Trash2 /> Supprimer
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
    return <p className="text-fg-muted">Les rondes sont gérées par les administrateurs et les opérateurs.</p>;
  const openDialog = (tour: Tour | null) => {
    setEditing(tour);
    setOpen(true);
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-white sm:text-3xl">
            <Route className="size-7 text-accent" aria-hidden="true" /> Rondes
          </h1>
          <p className="text-fg-muted">
            Circuits de points de contrôle, passages des agents en direct et taux de réalisation de la
            semaine.
          </p>
        </div>
        <Button onClick={() => openDialog(null)}>
          <Plus /> Nouvelle ronde
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
