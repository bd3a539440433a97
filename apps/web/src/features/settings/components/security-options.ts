import { passwordExpiries, sessionTimeouts } from '@vigie/contract/settings.contract';

const minutesLabel = (m: number) => (m < 60 ? `${m} minutes` : m === 60 ? '1 heure' : `${m / 60} heures`);

/** The session timeouts offered: 15, 30, 60, 120 minutes. */
export const sessionTimeoutOptions = sessionTimeouts.map((m) => ({
  value: String(m),
  label: minutesLabel(m),
}));

export const NEVER = 'never';
/** The password expiries offered: 30, 60, 90, 180 days, or never. */
export const passwordExpiryOptions = [
  ...passwordExpiries.map((d) => ({ value: String(d), label: `${d} jours` })),
  { value: NEVER, label: 'Jamais' },
];
