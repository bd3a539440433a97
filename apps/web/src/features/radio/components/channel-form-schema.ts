// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  channelPriorities,
  channelPriorityLabels,
  channelTypeLabels,
  channelTypes,
  createChannelBody,
} from '@vigie/contract/radio.contract';
import { z } from 'zod';
import { msg, t } from '../../../lib/i18n/i18n';

/** The contract's body; the priority travels as the select's text ('0', '1', '2'). */
export const channelFormSchema = createChannelBody
  .pick({ name: true, type: true, description: true })
  .extend({
    priority: z
      .enum(['0', '1', '2'], { error: msg('Priorité invalide (0, 1 ou 2)') })
      .transform((v) => Number(v) as 0 | 1 | 2),
  });

export type ChannelFormValues = z.input<typeof channelFormSchema>;
export type ChannelFormOutput = z.output<typeof channelFormSchema>;

export const emptyChannelForm: ChannelFormValues = { name: '', type: 'site', description: '', priority: '0' };

/** The selects' options, in the user's language (called at render). */
export const channelTypeOptions = () =>
  channelTypes.map((value) => ({ value, label: t(channelTypeLabels[value]) }));
export const channelPriorityOptions = () =>
  channelPriorities.map((value) => ({ value: String(value), label: t(channelPriorityLabels[value]) }));
