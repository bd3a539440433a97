import type { Alarm, AlarmSeverity, AlarmStatus } from '@vigie/contract/alarms.contract';
import { BellOff, Plus, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { Select, type SelectOption } from '../../components/ui/select';
import { msg, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAlarms } from './api/get-alarms';
import { AlarmCounters } from './components/alarm-counters';
import { AlarmDetailDialog } from './components/alarm-detail-dialog';
import { AlarmFormDialog } from './components/alarm-form-dialog';
import { AlarmList } from './components/alarm-list';
import { listSummary } from './list-summary';

const ALL = 'all';

const statusOptions: SelectOption[] = [
  { value: ALL, label: msg('Tous les statuts') },
  { value: 'active', label: msg('Active') },
  { value: 'acknowledged', label: msg('Acquittée') },
  { value: 'resolved', label: msg('Résolue') },
];
const severityOptions: SelectOption[] = [
  { value: ALL, label: msg('Toutes les gravités') },
  { value: 'critical', label: msg('Critique') },
  { value: 'high', label: msg('Important') },
  { value: 'medium', label: msg('Moyen') },
  { value: 'low', label: msg('Faible') },
];

/** The options with their labels in the current language. */
const translated = (options: SelectOption[]) => options.map((o) => ({ ...o, label: t(o.label) }));

type AlarmsPageProps = {
  /** The company's sites (from the sites feature, given by the route). */
  sites: readonly SelectOption[];
  /** After a change made here (the route refreshes other modules' counts). */
  onAlarmsChanged?: () => void;
};

/** Système d'alarmes: search, filters, counters, raise an alarm, and its details with its lifecycle. */
export default function AlarmsPage({ sites, onAlarmsChanged }: AlarmsPageProps) {
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'operator';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const [severity, setSeverity] = useState(ALL);
  const [adding, setAdding] = useState(false);
  // The open alarm lives in the URL (?alarm=id), so the bell and toasts can link to it.
  const [params, setParams] = useSearchParams();
  const openId = params.get('alarm');
  const debounced = useDebouncedValue(search.trim(), 300);

  const list = useAlarms({
    search: debounced || undefined,
    status: status === ALL ? undefined : (status as AlarmStatus),
    severity: severity === ALL ? undefined : (severity as AlarmSeverity),
  });
  const alarms = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = debounced !== '' || status !== ALL || severity !== ALL;

  const open = (alarm: Alarm | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (alarm) next.set('alarm', alarm.id);
        else next.delete('alarm');
        return next;
      },
      { replace: alarm === null },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t("Système d'alarmes")}
          </h1>
          <p className="text-fg-muted">
            {t('Alarmes de vos sites en temps réel : acquittez, commentez, résolvez.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage ? (
            <Button asChild variant="outline">
              <Link to="/dashboard/alarms/panels">
                <ShieldAlert aria-hidden="true" />
                {t("Centrales d'alarme")}
              </Link>
            </Button>
          ) : null}
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('Nouvelle alarme')}
          </Button>
        </div>
      </div>

      <AlarmCounters />

      <div className="flex flex-col gap-3 md:flex-row">
        <SearchInput
          wrapperClassName="flex-1 md:max-w-md"
          aria-label={t('Rechercher une alarme')}
          placeholder={t('Rechercher par titre, site ou emplacement...')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          aria-label={t('Filtrer par statut')}
          options={translated(statusOptions)}
          value={status}
          onValueChange={setStatus}
          className="w-full md:w-52"
        />
        <Select
          aria-label={t('Filtrer par gravité')}
          options={translated(severityOptions)}
          value={severity}
          onValueChange={setSeverity}
          className="w-full md:w-52"
        />
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des alarmes…')}
        error={t('Impossible de charger les alarmes')}
        empty={{
          when: alarms.length === 0,
          icon: BellOff,
          title: t('Aucune alarme trouvée'),
          hint: filtered
            ? t('Essayez une autre recherche ou d’autres filtres.')
            : t('Tout est calme sur vos sites.'),
        }}
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {listSummary(alarms.length, total, debounced !== '')}
          </p>
          <AlarmList alarms={alarms} onOpen={open} timezone={user?.timezone} />
          <LoadMore list={list} />
        </div>
      </QueryState>

      <AlarmFormDialog open={adding} onOpenChange={setAdding} sites={sites} onCreated={onAlarmsChanged} />
      <AlarmDetailDialog
        alarmId={openId}
        placeholder={alarms.find((a) => a.id === openId)}
        onOpenChange={(isOpen) => !isOpen && open(null)}
        canManage={canManage}
        timezone={user?.timezone}
        onChanged={onAlarmsChanged}
      />
    </div>
  );
}
