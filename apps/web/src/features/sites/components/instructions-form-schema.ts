// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import type { AlarmSeverity } from '@vigie/contract/alarms.contract';
import {
  contactPhoneSchema,
  instructionLimits,
  type PutSiteInstructionsBody,
  putSiteInstructionsBody,
  type ResponseTarget,
  type SiteInstructions,
  siteContactInput,
} from '@vigie/contract/site-instructions.contract';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { msg, t } from '../../../lib/i18n/i18n';

/**
 * The contract's body as the form holds it: each phone is an object (a field array needs one); the
 * texts, counts and delays keep the contract's own validation and French words.
 */
const contactForm = siteContactInput.omit({ phones: true }).extend({
  phones: z
    .array(z.object({ value: contactPhoneSchema }))
    .min(1, { error: msg('Au moins un numéro de téléphone par contact') })
    .max(instructionLimits.phonesPerContact, {
      // A message with a number: written in the language of the moment it is shown (t() on display
      // then finds no message and keeps it as it is).
      error: () =>
        t('{max} numéros de téléphone au maximum par contact', { max: instructionLimits.phonesPerContact }),
    }),
});

export const instructionsFormSchema = z.object({
  contacts: z.array(contactForm).max(instructionLimits.contacts, {
    error: () => t('{max} contacts au maximum', { max: instructionLimits.contacts }),
  }),
  steps: putSiteInstructionsBody.shape.steps,
  alarmResponses: putSiteInstructionsBody.shape.alarmResponses,
  responseTargets: putSiteInstructionsBody.shape.responseTargets,
});

export type InstructionsFormValues = z.input<typeof instructionsFormSchema>;
export type InstructionsFormOutput = z.output<typeof instructionsFormSchema>;
export type InstructionsControl = Control<InstructionsFormValues, unknown, InstructionsFormOutput>;

type ContactFormValues = InstructionsFormValues['contacts'][number];

export const emptyContact = (): ContactFormValues => ({
  name: '',
  role: '',
  phones: [{ value: '' }],
  password: '',
  availability: '',
});

/** The saved document (or the defaults) as the form's starting values. */
export function instructionsToForm(doc: SiteInstructions): InstructionsFormValues {
  return {
    contacts: doc.contacts.map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role ?? '',
      phones: c.phones.map((value) => ({ value })),
      password: c.password ?? '',
      availability: c.availability ?? '',
    })),
    steps: doc.steps.length > 0 ? doc.steps.map((s) => ({ id: s.id, text: s.text })) : [{ text: '' }],
    alarmResponses: { ...doc.alarmResponses },
    responseTargets: Object.fromEntries(
      Object.entries(doc.responseTargets).map(([k, v]) => [k, { ...v }]),
    ) as Record<AlarmSeverity, ResponseTarget>,
  };
}

/** The body of the PUT, from what the form validated. */
export function formToBody(v: InstructionsFormOutput): PutSiteInstructionsBody {
  return {
    contacts: v.contacts.map((c) => ({ ...c, phones: c.phones.map((p) => p.value) })),
    steps: v.steps,
    alarmResponses: v.alarmResponses,
    responseTargets: v.responseTargets,
  };
}
