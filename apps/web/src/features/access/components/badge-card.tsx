import { type Badge, badgeTypeLabels } from '@vigie/contract/access.contract';
import { Building, CalendarClock, Nfc, Pause, Pencil, Play, QrCode, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge as Pill } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateBadge } from '../api/update-badge';
import { BadgeStatusBadge } from './access-status';

/** '2026-11-21' → '21/11/2026': an expiry is a calendar day, not an instant (no timezone shift). */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** Which points the badge opens: none listed means every point of the company. */
function accessSummary(badge: Badge): string {
  const points = badge.allowedPointIds.length;
  const sites = badge.allowedSiteIds.length;
  if (points === 0 && sites === 0) return t('tous les points');
  if (sites === 0)
    return t('{count, plural, one {# point autorisé} other {# points autorisés}}', { count: points });
  if (points === 0)
    return t('{count, plural, one {# site autorisé} other {# sites autorisés}}', { count: sites });
  return t(
    '{points, plural, one {# point} other {# points}} et {sites, plural, one {# site} other {# sites}} autorisés',
    { points, sites },
  );
}

type BadgeCardProps = {
  badge: Badge;
  onEdit: (badge: Badge) => void;
  onDelete: (badge: Badge) => void;
  onShowQr: (badge: Badge) => void;
};

export function BadgeCard({ badge, onEdit, onDelete, onShowQr }: BadgeCardProps) {
  const update = useUpdateBadge();
  // The toggle acts on the stored status: an expired badge may still be suspended or reactivated.
  const active = badge.storedStatus === 'Actif';
  const who = { id: badge.badgeId, holder: badge.holderName };

  const toggle = async () => {
    try {
      await update.mutateAsync({ id: badge.id, body: { status: active ? 'Suspendu' : 'Actif' } });
      toast.success(active ? t('Badge suspendu') : t('Badge réactivé'), {
        description: active
          ? t('Le badge {id} est refusé sur tous les lecteurs.', { id: badge.badgeId })
          : t("Le badge {id} ouvre de nouveau ses points d'accès.", { id: badge.badgeId }),
      });
    } catch (error) {
      toast.error(t('Impossible de modifier le badge'), { description: errorMessage(error) });
    }
  };

  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="badge-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-semibold break-words text-white">{badge.holderName}</h3>
          <p className="font-mono text-sm text-slate-300">{badge.badgeId}</p>
        </div>
        <BadgeStatusBadge status={badge.status} />
      </div>
      <dl className="flex flex-col gap-1.5 text-sm text-slate-300">
        <div>
          <dt className="sr-only">{t('Type')}</dt>
          <dd className="flex items-center gap-2">
            {badge.badgeType === 'qrcode' ? (
              <QrCode aria-hidden="true" className="size-4 text-blue-300" />
            ) : (
              <Nfc aria-hidden="true" className="size-4 text-blue-300" />
            )}
            <Pill tone="accent">{t(badgeTypeLabels[badge.badgeType])}</Pill>
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t('Service')}</dt>
          <dd className="flex items-center gap-2">
            <Building aria-hidden="true" className="size-4 text-fg-muted" />
            {badge.department ?? t('Aucun service')}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t('Expiration')}</dt>
          <dd className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 text-fg-muted" />
            {badge.expiryDate
              ? t('Expire le {date}', { date: frenchDay(badge.expiryDate) })
              : t('Sans date d’expiration')}
          </dd>
        </div>
        <div className="text-xs text-fg-muted">
          <dt className="inline">{t('Accès :')} </dt>
          <dd className="inline">{accessSummary(badge)}</dd>
        </div>
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-ink-700 pt-4">
        {badge.badgeType === 'qrcode' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onShowQr(badge)}
            aria-label={t('QR code du badge {id} ({holder})', who)}
          >
            <QrCode aria-hidden="true" />
            {t('QR code')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(badge)}
          aria-label={t('Modifier le badge {id} ({holder})', who)}
        >
          <Pencil aria-hidden="true" />
          {t('Modifier')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void toggle()}
          disabled={update.isPending}
          aria-label={
            active
              ? t('Suspendre le badge {id} ({holder})', who)
              : t('Réactiver le badge {id} ({holder})', who)
          }
        >
          {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {active ? t('Suspendre') : t('Réactiver')}
        </Button>
        <Button
          variant="danger-ghost"
          size="sm"
          onClick={() => onDelete(badge)}
          aria-label={t('Supprimer le badge {id} ({holder})', who)}
        >
          <Trash2 aria-hidden="true" />
          {t('Supprimer')}
        </Button>
      </div>
    </Card>
  );
}
