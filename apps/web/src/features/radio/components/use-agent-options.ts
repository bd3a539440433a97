import { useAgents } from '../../../lib/agents-api';
import { t } from '../../../lib/i18n/i18n';
import { NO_AGENT } from './radio-form-schema';

/** 'Aucun agent' then the company's agents, for the radio forms' select. */
export function useAgentOptions() {
  const agents = useAgents();
  const options = [
    { value: NO_AGENT, label: t('Aucun agent') },
    ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
  ];
  const nameOf = (id: string | null) => (id ? (agents.data?.find((a) => a.id === id)?.name ?? null) : null);
  return { options, nameOf, loading: agents.isPending };
}
