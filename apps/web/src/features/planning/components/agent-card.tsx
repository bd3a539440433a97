import type { Agent } from '@vigie/contract/agents.contract';
import { Award, Briefcase, Eye, Mail, MapPin, Pencil, Phone } from 'lucide-react';
import { AgentAvatar } from '../../../components/agent-avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { AgentLevelBadge, AgentStatusIndicator, LicenceAlertBadge } from './agent-badges';

type AgentCardProps = {
  agent: Agent;
  canManage: boolean;
  onView: (agent: Agent) => void;
  onEdit: (agent: Agent) => void;
};

export function AgentCard({ agent, canManage, onView, onEdit }: AgentCardProps) {
  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="agent-card">
      <div className="flex items-start gap-3">
        <AgentAvatar name={agent.name} photo={agent.photo} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-lg font-semibold break-words text-white">{agent.name}</h3>
          <p className="text-xs text-fg-muted">{t('Matricule {badge}', { badge: agent.badge })}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <AgentLevelBadge level={agent.level} />
            <AgentStatusIndicator status={agent.status} />
          </div>
        </div>
      </div>

      <ul className="flex flex-col gap-1.5 text-sm text-slate-300">
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <a href={`tel:${agent.phone}`} className="truncate hover:text-white">
            {agent.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <a href={`mailto:${agent.email}`} className="truncate hover:text-white" title={agent.email}>
            {agent.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Briefcase aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <span className="sr-only">{t('Spécialité :')}</span>
          {t(agent.speciality)}
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <span className="sr-only">{t('Site actuel :')}</span>
          <span className="min-w-0 break-words">{agent.currentSite ?? t('Non assigné')}</span>
        </li>
      </ul>

      {agent.certifications.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('Certifications')}>
          {[...new Set(agent.certifications)].map((label) => (
            <li key={label}>
              <Badge tone="neutral">
                <Award aria-hidden="true" className="size-3.5" />
                {t(label)}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}

      {agent.alerts.length > 0 ? (
        <div>
          <LicenceAlertBadge alerts={agent.alerts} />
        </div>
      ) : null}

      <div className="mt-auto flex gap-2 border-t border-ink-700 pt-4">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          onClick={() => onView(agent)}
          aria-label={t('Voir {name}', { name: agent.name })}
        >
          <Eye aria-hidden="true" />
          {t('Voir')}
        </Button>
        {canManage ? (
          <Button
            variant="secondary"
            size="sm"
            className="flex-1"
            onClick={() => onEdit(agent)}
            aria-label={t('Modifier {name}', { name: agent.name })}
          >
            <Pencil aria-hidden="true" />
            {t('Modifier')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
