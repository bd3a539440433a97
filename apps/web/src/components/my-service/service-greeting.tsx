import { type AgentStatus, agentStatusLabels } from '@vigie/contract/agents.contract';
import { t } from '../../lib/i18n/i18n';
import { cn } from '../../lib/utils';
import { AgentAvatar } from '../agent-avatar';

type ServiceGreetingProps = {
  agent: { name: string; status: string; photo: string | null };
  onDuty: boolean;
  evening: boolean;
  todayLabel: string;
};

const isAgentStatus = (status: string): status is AgentStatus => Object.hasOwn(agentStatusLabels, status);

/** 'Bonjour Léa Martin', today's date and where the agent stands: 'En service' or not. */
export function ServiceGreeting({ agent, onDuty, evening, todayLabel }: ServiceGreetingProps) {
  // 'actif' only says the agent is employed and available: off a shift, they are 'Hors service'.
  const offDutyLabel =
    isAgentStatus(agent.status) && agent.status !== 'actif' && agent.status !== 'en service'
      ? t(agentStatusLabels[agent.status])
      : t('Hors service');

  return (
    <header className="flex items-center gap-4">
      <AgentAvatar name={agent.name} photo={agent.photo} size="lg" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h1 className="text-2xl leading-tight font-bold text-white sm:text-3xl">
          {evening ? t('Bonsoir {name}', { name: agent.name }) : t('Bonjour {name}', { name: agent.name })}
        </h1>
        <p className="text-base text-slate-200">{todayLabel}</p>
        <p
          data-testid="my-service-status"
          className={cn(
            'inline-flex w-fit items-center gap-2 rounded-full px-3 py-1 text-base font-bold',
            onDuty ? 'bg-emerald-700 text-white' : 'bg-slate-700 text-slate-100',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'size-2.5 rounded-full',
              onDuty ? 'bg-white motion-safe:animate-pulse' : 'bg-slate-400',
            )}
          />
          {onDuty ? t('En service') : offDutyLabel}
        </p>
      </div>
    </header>
  );
}
