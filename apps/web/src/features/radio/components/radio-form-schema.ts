// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { idSchema } from '@vigie/contract/common';
import { createRadioBody, radioStatuses, radioStatusLabels } from '@vigie/contract/radio.contract';
import { z } from 'zod';
import { msg, tc } from '../../../lib/i18n/i18n';

/** The select's value for 'no agent' (Radix Select cannot hold an empty value). */
export const NO_AGENT = 'none';
/** The select's value for 'no channel'. */
export const NO_CHANNEL = 'none';

const optionalChoice = (none: string) =>
  z
    .string()
    .transform((v) => (v === none || v === '' ? null : v))
    .pipe(idSchema.nullable());

/**
 * 'Ajouter une radio': the contract's IMEI (15 digits, Luhn check digit, same French messages
 * as the server) and serial number; the agent is optional.
 */
export const radioFormSchema = createRadioBody
  .pick({ radioId: true, serialNumber: true })
  .extend({ agentId: optionalChoice(NO_AGENT) });

export type RadioFormValues = z.input<typeof radioFormSchema>;
export type RadioFormOutput = z.output<typeof radioFormSchema>;

export const emptyRadioForm: RadioFormValues = { radioId: '', serialNumber: '', agentId: NO_AGENT };

/** 'Modifier': who carries it, its status and its channel. */
export const radioEditSchema = z.object({
  agentId: optionalChoice(NO_AGENT),
  status: z.enum(radioStatuses, { error: msg('Statut invalide') }),
  currentChannelId: optionalChoice(NO_CHANNEL),
});

export type RadioEditValues = z.input<typeof radioEditSchema>;
export type RadioEditOutput = z.output<typeof radioEditSchema>;

/** The status select's options, in the user's language (called at render). */
export const radioStatusOptions = () =>
  radioStatuses.map((value) => ({ value, label: tc('radio', radioStatusLabels[value]) }));
