import {
  emergencyCategoryLabels,
  type RadioAlert,
  type RadioAlertWithNearest,
} from '@vigie/contract/radio-traffic.contract';
import { MapPin, Sparkles } from 'lucide-react';
import { markers, richText } from '../../../components/device-keys/rich-text';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { NearestAgentsList } from './nearest-agents-list';
import { RadioAlertActions } from './radio-alert-actions';
import { RadioAlertStatusBadge, RadioAlertTypeBadge } from './radio-badges';
import { formatCoordinates, formatDistance, formatDurationMs, formatImei, mapUrl } from './radio-format';

const locationSourceLabels: Record<RadioAlert['locationSource'], string> = {
  device: 'transmise avec le SOS',
  radio: 'dernière position de la radio',
  none: 'inconnue',
};

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm break-words text-slate-200">{value}</dd>
    </div>
  );
}

type Dispatched = NonNullable<RadioAlertWithNearest['dispatchedAgent']>;

/** « Agent envoyé : <name> (à 350 m) le … », the name in bold. */
function DispatchedAgent({ dispatched, at }: { dispatched: Dispatched; at: string }) {
  const parts = { name: <strong>{dispatched.name}</strong> };
  const text =
    dispatched.distanceM !== null
      ? t('Agent envoyé : {name} (à {distance}) le {date}', {
          ...markers(parts),
          distance: formatDistance(dispatched.distanceM),
          date: at,
        })
      : t('Agent envoyé : {name} le {date}', { ...markers(parts), date: at });
  return richText(text, parts);
}

type RadioAlertDetailsProps = { alert: RadioAlertWithNearest; canManage: boolean; timezone?: string };

/** Everything about one alert: where, what was heard, who was sent, who could go. */
export function RadioAlertDetails({ alert, canManage, timezone }: RadioAlertDetailsProps) {
  const at = (value: string | null) => (value ? formatDateTime(value, timezone) : '—');
  const dispatched = alert.dispatchedAgent;
  return (
    <div className="flex flex-col gap-5" data-testid="radio-alert-details">
      <div className="flex flex-wrap gap-2">
        <RadioAlertTypeBadge type={alert.type} />
        <Badge tone={alert.severity === 'critical' ? 'danger' : 'warning'}>
          {alert.severity === 'critical' ? t('Critique') : t('Haute')}
        </Badge>
        <RadioAlertStatusBadge status={alert.status} />
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-200">{alert.description}</p>
      <p className="flex gap-2 rounded-lg border border-blue-500/30 bg-blue-500/10 p-3 text-sm text-blue-100">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="break-words">{alert.aiRecommendation}</span>
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Info label={t('Agent')} value={alert.agentName ?? t('Non identifié')} />
        <Info label={t('Radio (IMEI)')} value={alert.imei ? formatImei(alert.imei) : '—'} />
        <Info label={t('Site')} value={alert.siteName ?? '—'} />
        <Info
          label={t('Catégorie')}
          value={alert.category ? t(emergencyCategoryLabels[alert.category]) : '—'}
        />
        <Info label={t('Déclenchée le')} value={at(alert.createdAt)} />
        <Info label={t('Prise en compte le')} value={at(alert.acknowledgedAt)} />
        {alert.resolvedAt ? <Info label={t('Close le')} value={at(alert.resolvedAt)} /> : null}
        {alert.responseSeconds !== null ? (
          <Info label={t('Temps de réponse')} value={formatDurationMs(alert.responseSeconds * 1000)} />
        ) : null}
      </dl>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-white">{t('Position')}</h3>
        {alert.location ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-200">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
            <span className="font-mono">{formatCoordinates(alert.location.lat, alert.location.lng)}</span>
            <span className="text-fg-muted">({t(locationSourceLabels[alert.locationSource])})</span>
            <a
              href={mapUrl(alert.location.lat, alert.location.lng)}
              target="_blank"
              rel="noreferrer"
              className="text-blue-300 underline underline-offset-2 hover:text-blue-200"
            >
              {t('Voir sur la carte')}
            </a>
          </p>
        ) : (
          <p className="text-sm text-fg-muted">{t('Position inconnue')}</p>
        )}
      </div>
      {alert.keywords.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold text-white">{t('Mots-clés détectés')}</h3>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('Mots-clés détectés')}>
            {alert.keywords.map((keyword) => (
              <li key={keyword}>
                <Badge tone="danger">{keyword}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {dispatched ? (
        <p
          className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-100"
          data-testid="dispatched-agent"
        >
          <DispatchedAgent dispatched={dispatched} at={at(dispatched.at)} />
        </p>
      ) : null}
      <section className="flex flex-col gap-2" aria-labelledby="nearest-agents-title">
        <h3 id="nearest-agents-title" className="text-sm font-semibold text-white">
          {t('Agents disponibles les plus proches')}
        </h3>
        <NearestAgentsList alert={alert} canManage={canManage} />
      </section>
      {canManage ? <RadioAlertActions alert={alert} /> : null}
    </div>
  );
}
