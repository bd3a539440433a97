import { passwordExpiries, sessionTimeouts } from '@vigie/contract/settings.contract';
import { t } from '../../../lib/i18n/i18n';

const minutesLabel = (m: number) =>
  m < 60
    ? t('{count} minutes', { count: m })
    : t('{count, plural, one {{count} heure} other {{count} heures}}', { count: m / 60 });

/** The session timeouts offered: 15, 30, 60, 120 minutes (in the current language: call at render). */
export function sessionTimeoutOptions() {
  return sessionTimeouts.map((m) => ({ value: String(m), label: minutesLabel(m) }));
}

export const NEVER = 'never';
/** The password expiries offered: 30, 60, 90, 180 days, or never (call at render). */
export function passwordExpiryOptions() {
  return [
    ...passwordExpiries.map((d) => ({ value: String(d), label: t('{count} jours', { count: d }) })),
    { value: NEVER, label: t('Jamais') },
  ];
}
