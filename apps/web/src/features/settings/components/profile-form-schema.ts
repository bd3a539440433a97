// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import { emailSchema, phoneSchema, requiredText } from '@vigie/contract/common';
import { languages, timezones } from '@vigie/contract/enums';
import type { Profile } from '@vigie/contract/me.contract';
import { z } from 'zod';

export const languageOptions = [
  { value: 'fr', label: 'Français' },
  { value: 'en', label: 'English (anglais)' },
  { value: 'es', label: 'Español (espagnol)' },
] as const satisfies readonly { value: (typeof languages)[number]; label: string }[];

export const timezoneOptions = [
  { value: 'Europe/Paris', label: 'Europe/Paris (France)' },
  { value: 'Europe/London', label: 'Europe/London (Royaume-Uni)' },
  { value: 'America/New_York', label: 'America/New_York (États-Unis, côte Est)' },
] as const satisfies readonly { value: (typeof timezones)[number]; label: string }[];

export const profileFormSchema = z.object({
  name: requiredText('Le nom', 120),
  email: emailSchema,
  phone: phoneSchema,
  language: z.enum(languages, { error: 'Langue invalide (fr, en ou es)' }),
  timezone: z.enum(timezones, { error: 'Fuseau horaire invalide' }),
  currentPassword: z.string().max(128),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

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
