import { type Agent, type AgentStatus, agentStatusLabels } from '@vigie/contract/agents.contract';
import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useAgents } from '../../../lib/agents-api';
import { t } from '../../../lib/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AgentCard } from './agent-card';

const ALL = 'all';
// i18n: not shown (a stored status compared, not a text)
const statusFilter: AgentStatus[] = ['actif', 'en service', 'repos', 'en congé', 'indisponible'];

type AgentsTabProps = {
  canManage: boolean;
  onView: (agent: Agent) => void;
  onEdit: (agent: Agent) => void;
};

/** Agents tab: server-side search and status filter, a card per agent. */
export function AgentsTab({ canManage, onView, onEdit }: AgentsTabProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useAgents({
    search: debounced || undefined,
    status: status === ALL ? undefined : (status as AgentStatus),
  });
  const agents = list.data ?? [];
  const filtered = debounced !== '' || status !== ALL;
  const statusOptions: SelectOption[] = [
    { value: ALL, label: t('Tous') },
    ...statusFilter.map((value) => ({ value, label: t(agentStatusLabels[value]) })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row">
        <div className="relative flex-1 md:max-w-md">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
          />
          <Input
            type="search"
            aria-label={t('Rechercher un agent')}
            placeholder={t('Rechercher un agent...')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
          {list.isFetching && !list.isPending ? (
            <Spinner
              className="absolute top-1/2 right-3 -translate-y-1/2 [&_svg]:size-4"
              label={t('Recherche…')}
            />
          ) : null}
        </div>
        <Select
          aria-label={t('Filtrer par statut')}
          options={statusOptions}
          value={status}
          onValueChange={setStatus}
          className="w-full md:w-52"
        />
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des agents…')}
        error={t('Impossible de charger les agents')}
        empty={{
          when: agents.length === 0,
          icon: Users,
          title: t('Aucun agent trouvé'),
          hint: filtered
            ? t('Essayez une autre recherche ou un autre statut.')
            : canManage
              ? t('Ajoutez votre premier agent avec « Nouvel agent ».')
              : null,
        }}
      >
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('{count, plural, one {# agent} other {# agents}}', { count: agents.length })}
        </p>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {agents.map((agent) => (
            <li key={agent.id} className="flex">
              <AgentCard agent={agent} canManage={canManage} onView={onView} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}
