import type { Badge as AccessBadge, AccessLog, AccessPoint } from '@vigie/contract/access.contract';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

type Tone = NonNullable<BadgeProps['tone']>;

const logTones: Record<AccessLog['status'], Tone> = { Autorisé: 'success', Refusé: 'danger' };
const badgeTones: Record<AccessBadge['status'], Tone> = {
  Actif: 'success',
  Suspendu: 'warning',
  Expiré: 'danger',
};
const pointTones: Record<AccessPoint['status'], Tone> = {
  Actif: 'success',
  Maintenance: 'warning',
  'Hors service': 'danger',
};

/** Green Autorisé, red Refusé (the text carries the meaning, the colour only repeats it). */
export function LogStatusBadge({ status }: { status: AccessLog['status'] }) {
  return (
    <Badge tone={logTones[status]} data-testid="access-log-status">
      {status}
    </Badge>
  );
}

export function BadgeStatusBadge({ status }: { status: AccessBadge['status'] }) {
  return (
    <Badge tone={badgeTones[status]} data-testid="badge-status">
      {status}
    </Badge>
  );
}

export function PointStatusBadge({ status }: { status: AccessPoint['status'] }) {
  return (
    <Badge tone={pointTones[status]} data-testid="point-status">
      {status}
    </Badge>
  );
}
