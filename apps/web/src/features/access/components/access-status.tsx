import type { Badge as AccessBadge, AccessLog, AccessPoint } from '@vigie/contract/access.contract';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';

type Tone = NonNullable<BadgeProps['tone']>;

const logTones: Record<AccessLog['status'], Tone> = { Autorisé: 'success', Refusé: 'danger' };
const badgeTones: Record<AccessBadge['status'], Tone> = {
  Actif: 'success',
  Suspendu: 'warning',
  Expiré: 'danger',
};
// The statuses are the contract's French words; shown through the catalogue.
export const logStatusLabels: Record<AccessLog['status'], string> = {
  Autorisé: 'Autorisé',
  Refusé: 'Refusé',
};
export const badgeStatusLabels: Record<AccessBadge['status'], string> = {
  Actif: 'Actif',
  Suspendu: 'Suspendu',
  Expiré: 'Expiré',
};
// One message for a point's three statuses: « Hors service » alone is also an agent's state
// (off duty), which English and Spanish translate differently.
const pointStatusKeys = { Actif: 'active', Maintenance: 'maintenance', 'Hors service': 'out' } as const;
export const pointStatusText = (status: AccessPoint['status']) =>
  t('{status, select, active {Actif} maintenance {Maintenance} other {Hors service}}', {
    status: pointStatusKeys[status],
  });

const pointTones: Record<AccessPoint['status'], Tone> = {
  Actif: 'success',
  Maintenance: 'warning',
  'Hors service': 'danger',
};

/** Green Autorisé, red Refusé (the text carries the meaning, the colour only repeats it). */
export function LogStatusBadge({ status }: { status: AccessLog['status'] }) {
  return (
    <Badge tone={logTones[status]} data-testid="access-log-status">
      {t(logStatusLabels[status])}
    </Badge>
  );
}

export function BadgeStatusBadge({ status }: { status: AccessBadge['status'] }) {
  return (
    <Badge tone={badgeTones[status]} data-testid="badge-status">
      {t(badgeStatusLabels[status])}
    </Badge>
  );
}

export function PointStatusBadge({ status }: { status: AccessPoint['status'] }) {
  return (
    <Badge tone={pointTones[status]} data-testid="point-status">
      {pointStatusText(status)}
    </Badge>
  );
}
