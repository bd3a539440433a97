import { type AccessPoint, accessPointKindLabels } from '@vigie/contract/access.contract';
import { Activity, KeyRound, MapPin, Pencil, Trash2, WifiOff } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { PointStatusBadge } from './access-status';

type PointCardProps = {
  point: AccessPoint;
  isAdmin: boolean;
  timezone?: string;
  onEdit: (point: AccessPoint) => void;
  onDelete: (point: AccessPoint) => void;
  onKeys: (point: AccessPoint) => void;
};

/**
 * The health mark of an active point: the server counts it as responding when its reader checked
 * a badge in the last 10 minutes. A point never heard from is new, not broken: it says so.
 */
function HealthMark({ point }: { point: AccessPoint }) {
  if (point.status !== 'Actif' || point.responding) return null;
  if (point.lastActivity === null) {
    return <Badge tone="neutral">{t('Jamais connecté')}</Badge>;
  }
  return (
    <Badge
      tone="warning"
      data-testid="point-not-responding"
      title={t('Aucun contrôle depuis plus de 10 minutes')}
    >
      <WifiOff aria-hidden="true" className="size-3" />
      {t('Ne répond plus')}
    </Badge>
  );
}

export function PointCard({ point, isAdmin, timezone, onEdit, onDelete, onKeys }: PointCardProps) {
  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="point-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-semibold break-words text-white">{point.name}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="accent">{t(accessPointKindLabels[point.kind])}</Badge>
            <HealthMark point={point} />
          </div>
        </div>
        <PointStatusBadge status={point.status} />
      </div>
      <div className="flex flex-col gap-1.5 text-sm text-slate-300">
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {point.site}
        </p>
        <p className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {point.lastActivity
            ? t('Dernière activité : {date}', { date: formatDateTime(point.lastActivity, timezone) })
            : t('Aucune activité')}
        </p>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-ink-700 pt-4">
        {isAdmin ? (
          <Button
            variant="outline"
            size="sm"
            className="col-span-2"
            onClick={() => onKeys(point)}
            aria-label={t('Clés de lecteur : {name}', { name: point.name })}
          >
            <KeyRound aria-hidden="true" />
            {t('Clés de lecteur')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(point)}
          aria-label={t('Modifier {name}', { name: point.name })}
        >
          <Pencil aria-hidden="true" />
          {t('Modifier')}
        </Button>
        <Button
          variant="danger-ghost"
          size="sm"
          onClick={() => onDelete(point)}
          aria-label={t('Supprimer {name}', { name: point.name })}
        >
          <Trash2 aria-hidden="true" />
          {t('Supprimer')}
        </Button>
      </div>
    </Card>
  );
}
