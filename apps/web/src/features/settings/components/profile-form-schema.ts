// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { emailSchema, phoneSchema, requiredText } from '@vigie/contract/common';
import { languages, timezones } from '@vigie/contract/enums';
import type { Profile } from '@vigie/contract/me.contract';
import { z } from 'zod';
import { msg, t } from '../../../lib/i18n/i18n';

/** Labels are catalogue messages: translate them where shown (translatedOptions). */
export const languageOptions = [
  { value: 'fr', label: msg('Français') },
  { value: 'en', label: msg('English (anglais)') },
  { value: 'es', label: msg('Español (espagnol)') },
] as const satisfies readonly { value: (typeof languages)[number]; label: string }[];

export const timezoneOptions = [
  { value: 'Europe/Paris', label: msg('Europe/Paris (France)') },
  { value: 'Europe/London', label: msg('Europe/London (Royaume-Uni)') },
  { value: 'America/New_York', label: msg('America/New_York (États-Unis, côte Est)') },
] as const satisfies readonly { value: (typeof timezones)[number]; label: string }[];

export const profileFormSchema = z.object({
  name: requiredText('Le nom', 120),
  email: emailSchema,
  phone: phoneSchema,
  language: z.enum(languages, { error: msg('Langue invalide (fr, en ou es)') }),
  timezone: z.enum(timezones, { error: msg('Fuseau horaire invalide') }),
  currentPassword: z.string().max(128),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** Options whose labels are catalogue messages, in the current language (call at render). */
export function translatedOptions<T extends { value: string; label: string }>(options: readonly T[]) {
  return options.map((option) => ({ ...option, label: t(option.label) }));
}

export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone ?? '',
    language: profile.language,
    timezone: profile.timezone,
    currentPassword: '',
  };
}
