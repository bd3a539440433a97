import type { Agent } from '@vigie/contract/agents.contract';
import { agentLevelLabels } from '@vigie/contract/agents.contract';
import { Award, CalendarClock, IdCard, MapPin, ShieldAlert, User } from 'lucide-react';
import { AgentAvatar } from '../../../components/agent-avatar';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';
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
        <DialogContent
          size="xl"
          title={agent.name}
          description={t('Fiche agent — matricule {badge}', { badge: agent.badge })}
        >
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-4">
              <AgentAvatar name={agent.name} photo={agent.photo} size="lg" />
              <div className="flex flex-col gap-1">
                <p className="text-sm text-fg-muted">{t(agent.speciality)}</p>
                <AgentStatusIndicator status={agent.status} />
              </div>
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <DetailSection title={t('Informations personnelles')} icon={User}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term={t('Téléphone')}>{agent.phone}</DetailItem>
                  <DetailItem term={t('Email')}>{agent.email}</DetailItem>
                  <DetailItem term={t("Date d'embauche")}>{formatDay(agent.hireDate)}</DetailItem>
                  <DetailItem term={t('Niveau')}>{t(agentLevelLabels[agent.level])}</DetailItem>
                </dl>
              </DetailSection>
              <DetailSection title={t('Affectation actuelle')} icon={MapPin}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term={t('Site')}>{agent.currentSite ?? t('Non assigné')}</DetailItem>
                  <DetailItem term={t('Spécialité')}>{t(agent.speciality)}</DetailItem>
                </dl>
              </DetailSection>
              <DetailSection title={t('Certifications')} icon={Award}>
                {agent.qualifications.length === 0 ? (
                  <p className="text-sm text-fg-muted">{t('Aucune certification enregistrée.')}</p>
                ) : (
                  <dl className="flex flex-col gap-1.5">
                    {agent.qualifications.map((q) => (
                      <DetailItem
                        key={`${q.type}-${q.number}-${q.obtainedOn}-${q.expiresOn}`}
                        term={t(q.label)}
                      >
                        {q.effectiveExpiresOn
                          ? t('expire le {date}', { date: formatDay(q.effectiveExpiresOn) })
                          : t('sans expiration')}
                      </DetailItem>
                    ))}
                  </dl>
                )}
              </DetailSection>
              <DetailSection title={t('Carte professionnelle CNAPS')} icon={IdCard}>
                <dl className="flex flex-col gap-1.5">
                  <DetailItem term={t('Numéro')}>{agent.cnapsNumber ?? t('Non renseigné')}</DetailItem>
                  <DetailItem term={t('Expiration')}>{formatDay(agent.cnapsExpiresOn)}</DetailItem>
                </dl>
              </DetailSection>
            </div>
            {agent.alerts.length > 0 ? (
              <DetailSection title={t('Alertes')} icon={ShieldAlert}>
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
            <DetailSection title={t('Prochaines gardes')} icon={CalendarClock}>
              <AgentNextShifts agentId={agent.id} today={today} />
            </DetailSection>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
