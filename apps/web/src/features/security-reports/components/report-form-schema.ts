// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type IncidentType,
  incidentSchema,
  incidentTypeLabels,
  incidentTypes,
  interventionSchema,
  type SecurityReport,
  securityReportFormSchema,
} from '@vigie/contract/security-reports.contract';
import type { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/** The contract's body; the signature is not a form field (it is read from the pad on submit). */
export const reportFormSchema = securityReportFormSchema;
export type ReportFormValues = z.input<typeof reportFormSchema>;
export type ReportFormOutput = z.output<typeof reportFormSchema>;

export const emptyReportForm = (responsibleName: string): ReportFormValues => ({
  siteId: '',
  periodStart: '',
  periodEnd: '',
  geolocation: '',
  incidents: [],
  interventions: [],
  repairs: '',
  improvements: '',
  observations: '',
  comments: '',
  responsibleName,
});

/** A draft as the form shows it (empty strings for the blanks). */
export const reportToForm = (r: SecurityReport): ReportFormValues => ({
  siteId: r.siteId ?? '',
  periodStart: r.periodStart ?? '',
  periodEnd: r.periodEnd ?? '',
  geolocation: r.geolocation ?? '',
  incidents: r.incidents.map((i) => ({ ...i, measuresTaken: i.measuresTaken ?? '' })),
  interventions: r.interventions.map((i) => ({
    ...i,
    time: i.time ?? '',
    agentName: i.agentName ?? '',
  })),
  repairs: r.repairs ?? '',
  improvements: r.improvements ?? '',
  observations: r.observations ?? '',
  comments: r.comments ?? '',
  responsibleName: r.responsibleName,
});

export { incidentSchema, interventionSchema };
export type IncidentDraft = z.input<typeof incidentSchema>;
export type InterventionDraft = z.input<typeof interventionSchema>;

/** The incident types in the current language (called at render). */
export const incidentTypeOptions = () =>
  incidentTypes.map((value) => ({
    value,
    label: t(incidentTypeLabels[value]),
  }));
export const incidentLabel = (type: IncidentType) => incidentTypeLabels[type];
