import type { PanelDto } from '@vigie/contract/panels.contract';
import { ArrowLeft, FlaskConical, Plus, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../components/load-more';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Select, type SelectOption } from '../../components/ui/select';
import { ApiError } from '../../lib/api-errors';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { usePanels } from './api/get-panels';
import { PanelFormDialog } from './components/panel-form-dialog';
import { PanelList } from './components/panel-list';
import { PanelSignalsDialog } from './components/panel-signals-dialog';
import { ReceiverBox } from './components/receiver-box';
import { SiteTestDialog } from './components/site-test-dialog';

const ALL_SITES = 'all';

type PanelsPageProps = {
  /** The company's sites (from the sites feature, given by the route). */
  sites: readonly SelectOption[];
};

const count = (n: number) => n.toLocaleString(currentLocale());

/**
 * Centrales d'alarme: where installers point the panels (the receiver's address and the company's
 * line prefix), the panels with their last signal and link state, add and edit them (account, AES
 * key, supervision, zones, test mode) and read each one's signal journal.
 */
export default function PanelsPage({ sites }: PanelsPageProps) {
  const timezone = useSession().user?.timezone;
  const [siteId, setSiteId] = useState(ALL_SITES);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [journalId, setJournalId] = useState<string | null>(null);
  const [siteTestOpen, setSiteTestOpen] = useState(false);

  const list = usePanels({ siteId: siteId === ALL_SITES ? undefined : siteId });
  const panels = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const lost = panels.filter((panel) => panel.linkState === 'lost').length;
  // Agents are refused the screen (403): one message, not one per box.
  const forbidden = list.error instanceof ApiError && list.error.status === 403 && !list.data;
  // Looked up in the latest list, so an open dialog follows the panel's state.
  const find = (id: string | null): PanelDto | null =>
    id === null ? null : (panels.find((panel) => panel.id === id) ?? null);
  const editing = find(editingId);
  const selectedSite = siteId === ALL_SITES ? null : (sites.find((site) => site.value === siteId) ?? null);
  const siteInTest = panels.some((panel) => panel.inTest);
  const journal = find(journalId);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start text-fg-muted">
          <Link to="/dashboard/alarms">
            <ArrowLeft aria-hidden="true" />
            {t("Système d'alarmes")}
          </Link>
        </Button>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
                {t("Centrales d'alarme")}
              </h1>
              {lost > 0 ? (
                <Badge tone="danger" data-testid="panels-lost">
                  {t('{count} en perte de liaison', { count: count(lost) })}
                </Badge>
              ) : null}
            </div>
            <p className="text-fg-muted">
              {t(
                'Centrales intrusion et incendie reliées en SIA DC-09 : leurs signaux deviennent des alarmes.',
              )}
            </p>
          </div>
          {forbidden ? null : (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t('Ajouter une centrale')}
            </Button>
          )}
        </div>
      </div>

      {forbidden ? null : <ReceiverBox />}

      {forbidden ? null : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select
            aria-label={t('Filtrer par site')}
            options={[{ value: ALL_SITES, label: t('Tous les sites') }, ...sites]}
            value={siteId}
            onValueChange={setSiteId}
            className="w-full sm:w-64"
          />
          {selectedSite && panels.length > 0 ? (
            <Button variant="outline" onClick={() => setSiteTestOpen(true)}>
              <FlaskConical aria-hidden="true" />
              {siteInTest ? t('Mode test du site') : t('Mettre le site en test')}
            </Button>
          ) : null}
        </div>
      )}

      <QueryState
        query={list}
        loading={t('Chargement des centrales…')}
        error={t("Impossible de charger les centrales d'alarme")}
        empty={{
          when: panels.length === 0,
          icon: ShieldAlert,
          title: t('Aucune centrale d’alarme'),
          hint:
            siteId !== ALL_SITES
              ? t('Aucune centrale sur ce site : choisissez-en un autre.')
              : t(
                  'Ajoutez votre première centrale avec « Ajouter une centrale », puis programmez-la vers le récepteur.',
                ),
        }}
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted" aria-live="polite" data-testid="panels-summary">
            {total > panels.length
              ? t('Les {shown} premières sur {total} centrales', {
                  shown: count(panels.length),
                  total: count(total),
                })
              : t('{count, plural, one {# centrale} other {# centrales}}', { count: total })}
          </p>
          <PanelList
            panels={panels}
            onJournal={(panel) => setJournalId(panel.id)}
            onEdit={(panel) => setEditingId(panel.id)}
            timezone={timezone}
          />
          <LoadMore list={list} />
        </div>
      </QueryState>

      <PanelFormDialog open={adding} onOpenChange={setAdding} sites={sites} timezone={timezone} />
      {editing ? (
        <PanelFormDialog
          open
          onOpenChange={(open) => !open && setEditingId(null)}
          sites={sites}
          panel={editing}
          timezone={timezone}
        />
      ) : null}
      {siteTestOpen && selectedSite ? (
        <SiteTestDialog site={selectedSite} inTest={siteInTest} onOpenChange={setSiteTestOpen} />
      ) : null}
      <PanelSignalsDialog
        panel={journal}
        onOpenChange={(open) => !open && setJournalId(null)}
        timezone={timezone}
      />
    </div>
  );
}
