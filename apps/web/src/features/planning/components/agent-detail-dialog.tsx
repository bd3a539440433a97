import type { Agent } from '@vigie/contract/agents.contract';
import { agentLevelLabels } from '@vigie/contract/agents.contract';
import { Award, CalendarClock, IdCard, MapPin, ShieldAlert, User } from 'lucide-react';
import { AgentAvatar } from '../../../components/agent-avatar';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';
import { AgentStatusIndicator, isBlockingAlert } from './agent-badges';
import { AgentNextShifts } from './agent-next-shifts';
import { DetailItem, DetailSection } from './detail-section';
import { formatDay } from './planning-dates';

type AgentDetailDialogProps = {
  agent: Agent | null;
  onOpenChange: (open: boolean) => void;
  today: string;
};

/** 'Voir': personal information, assignment, licences and the next shifts. */
export function AgentDetailDialog({ agent, onOpenChange, today }: AgentDetailDialogProps) {
  return (
    <Dialog open={agent !== null} onOpenChange={onOpenChange}>
      {agent ? (
        <DialogContent size="xl" title={agent.name} description={`Fiche agent — matricule ${agent.badge}`}>
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-4">
              <AgentAvatar name={agent.name} photo={agent.photo} size="lg" />
              <div className="flex flex-col gap-1">
                <p className="text-sm text-fg-muted">{agent.speciality}</p>
                <AgentStatusIndicator status={agent.status} />
              </div>
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <DetailSection title="Informations personnelles" icon={User}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term="Téléphone">{agent.phone}</DetailItem>
                  <DetailItem term="Email">{agent.email}</DetailItem>
                  <DetailItem term="Date d'embauche">{formatDay(agent.hireDate)}</DetailItem>
                  <DetailItem term="Niveau">{agentLevelLabels[agent.level]}</DetailItem>
                </dl>
              </DetailSection>
              <DetailSection title="Affectation actuelle" icon={MapPin}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term="Site">{agent.currentSite ?? 'Non assigné'}</DetailItem>
                  <DetailItem term="Spécialité">{agent.speciality}</DetailItem>
                </dl>
              </DetailSection>
              <DetailSection title="Certifications" icon={Award}>
                {agent.qualifications.length === 0 ? (
                  <p className="text-sm text-fg-muted">Aucune certification enregistrée.</p>
                ) : (
                  <dl className="flex flex-col gap-1.5">
                    {agent.qualifications.map((q) => (
                      <DetailItem key={`${q.type}-${q.number}-${q.obtainedOn}-${q.expiresOn}`} term={q.label}>
                        {q.effectiveExpiresOn
                          ? `expire le ${formatDay(q.effectiveExpiresOn)}`
                          : 'sans expiration'}
                      </DetailItem>
                    ))}
                  </dl>
                )}
              </DetailSection>
              <DetailSection title="Carte professionnelle CNAPS" icon={IdCard}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term="Numéro">{agent.cnapsNumber ?? 'Non renseigné'}</DetailItem>
                  <DetailItem term="Expiration">{formatDay(agent.cnapsExpiresOn)}</DetailItem>
                </dl>
              </DetailSection>
            </div>
            {agent.alerts.length > 0 ? (
              <DetailSection title="Alertes" icon={ShieldAlert}>
                <ul className="flex flex-col gap-1.5">
                  {agent.alerts.map((alert) => (
                    <li
                      key={`${alert.kind}-${alert.message}`}
                      className={cn('text-sm', isBlockingAlert(alert) ? 'text-red-300' : 'text-amber-200')}
                    >
                      {alert.message}
                    </li>
                  ))}
                </ul>
              </DetailSection>
            ) : null}
            <DetailSection title="Prochaines gardes" icon={CalendarClock}>
              <AgentNextShifts agentId={agent.id} today={today} />
            </DetailSection>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
