import type { Agent, QualificationType } from '@vigie/contract/agents.contract';
import { qualificationLabels } from '@vigie/contract/agents.contract';
import type { Language } from '../../lib/languages';
import type { AgentWithSite } from './agents.repository';
import { licenceAlerts } from './rules/licence-rules';
import { type Qualification, qualificationExpiry } from './rules/qualifications';

export const qualificationsOf = (row: Pick<AgentWithSite, 'qualifications'>): Qualification[] =>
  row.qualifications.map((q) => ({
    type: q.type as QualificationType,
    number: q.number,
    obtainedOn: q.obtainedOn,
    expiresOn: q.expiresOn,
  }));

export const photoUrlOf = (row: Pick<AgentWithSite, 'id' | 'photoFileId' | 'photoVersion'>) =>
  row.photoFileId ? `/api/agents/${row.id}/photo?v=${row.photoVersion}` : null;

/**
 * `today` is the company's local day: licence alerts are computed against it, and written in
 * `language` (the reader's).
 */
export function toAgentDto(row: AgentWithSite, today: string, language: Language = 'fr'): Agent {
  const qualifications = qualificationsOf(row);
  return {
    id: row.id,
    name: row.name,
    badge: row.badge,
    phone: row.phone,
    email: row.email,
    speciality: row.speciality as Agent['speciality'],
    level: row.level,
    hireDate: row.hireDate,
    assignedSiteId: row.assignedSiteId,
    currentSite: row.siteName,
    status: row.onDuty ? 'en service' : row.status,
    storedStatus: row.status,
    photo: photoUrlOf(row),
    cnapsNumber: row.cnapsNumber,
    cnapsExpiresOn: row.cnapsExpiresOn,
    qualifications: qualifications.map((q) => ({
      type: q.type,
      label: qualificationLabels[q.type],
      number: q.number,
      obtainedOn: q.obtainedOn,
      expiresOn: q.expiresOn,
      effectiveExpiresOn: qualificationExpiry(q),
    })),
    certifications: qualifications.map((q) => qualificationLabels[q.type]),
    alerts: licenceAlerts(
      { cnapsNumber: row.cnapsNumber, cnapsExpiresOn: row.cnapsExpiresOn, qualifications },
      today,
      language,
    ).map((a) => ({ kind: a.kind, message: a.message, expiresOn: a.expiresOn })),
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
