// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type Agent,
  agentLevelLabels,
  agentLevels,
  agentSpecialities,
  agentStatusLabels,
  agentStoredStatuses,
  createAgentBody,
  daySchema,
  maxPhotoBytes,
  qualificationInput,
  qualificationLabels,
  qualificationTypes,
} from '@vigie/contract/agents.contract';
import { idSchema } from '@vigie/contract/common';
import { z } from 'zod';
import { msg } from '../../../lib/i18n/i18n';

/** Value of the optional selects meaning 'none' (a Radix Select item cannot have an empty value). */
export const NONE = 'none';

const optionalId = z
  .string()
  .transform((v) => (v === NONE || v === '' ? null : v))
  .pipe(idSchema.nullable());

/** A date input: '' means no date. */
const optionalDay = (label: string) =>
  z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(daySchema(label).nullable());

/** The contract's body, with the optional selects and dates as the form holds them (text). */
export const agentFormSchema = createAgentBody.extend({
  status: z.enum(agentStoredStatuses, { error: msg('Statut invalide') }),
  assignedSiteId: optionalId,
  userId: optionalId,
  cnapsNumber: createAgentBody.shape.cnapsNumber,
  cnapsExpiresOn: optionalDay("La date d'expiration de la carte CNAPS"),
  qualifications: z
    .array(
      qualificationInput.extend({
        obtainedOn: optionalDay("La date d'obtention"),
        expiresOn: optionalDay("La date d'expiration"),
      }),
    )
    .max(20, { error: msg('20 qualifications au maximum') }),
});

export type AgentFormValues = z.input<typeof agentFormSchema>;
export type AgentFormOutput = z.output<typeof agentFormSchema>;

export function emptyAgentForm(today: string): AgentFormValues {
  return {
    name: '',
    badge: '',
    phone: '',
    email: '',
    speciality: 'Surveillance',
    level: 'junior',
    hireDate: today,
    assignedSiteId: NONE,
    status: 'actif',
    cnapsNumber: '',
    cnapsExpiresOn: '',
    qualifications: [],
    userId: NONE,
  };
}

export function agentToForm(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    badge: agent.badge,
    phone: agent.phone,
    email: agent.email,
    speciality: agent.speciality,
    level: agent.level,
    hireDate: agent.hireDate,
    assignedSiteId: agent.assignedSiteId ?? NONE,
    status: agent.storedStatus,
    cnapsNumber: agent.cnapsNumber ?? '',
    cnapsExpiresOn: agent.cnapsExpiresOn ?? '',
    qualifications: agent.qualifications.map((q) => ({
      type: q.type,
      number: q.number ?? '',
      obtainedOn: q.obtainedOn ?? '',
      expiresOn: q.expiresOn ?? '',
    })),
    userId: agent.userId ?? NONE,
  };
}

export const emptyQualification: AgentFormValues['qualifications'][number] = {
  type: 'SSIAP1',
  number: '',
  obtainedOn: '',
  expiresOn: '',
};

// Labels are French texts of the catalogue (the specialities are their own names): t() where shown.
export const specialityOptions = agentSpecialities.map((value) => ({ value, label: value }));
export const levelOptions = agentLevels.map((value) => ({ value, label: agentLevelLabels[value] }));
export const storedStatusOptions = agentStoredStatuses.map((value) => ({
  value,
  label: agentStatusLabels[value],
}));
export const qualificationOptions = qualificationTypes.map((value) => ({
  value,
  label: qualificationLabels[value],
}));

export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The reason a chosen photo is refused before upload (a French text of the catalogue), or null. */
export function photoProblem(file: File): string | null {
  if (!(photoTypes as readonly string[]).includes(file.type))
    return msg('La photo doit être au format JPEG, PNG ou WebP');
  if (file.size > maxPhotoBytes) return msg('La photo ne doit pas dépasser 5 Mo');
  return null;
}

/** The file's bytes in base64, without the `data:…;base64,` prefix the API refuses. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
