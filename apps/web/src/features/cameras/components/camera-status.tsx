import type { Camera } from '@vigie/contract/cameras.contract';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { featureKeys, featureLabels } from './camera-form-schema';

/** 'En ligne' (also 'online') is online; anything else is offline. */
export const isOnline = (camera: Pick<Camera, 'status'>) =>
  camera.status === 'En ligne' || (camera.status as string) === 'online';

export function CameraStatusBadge({ camera }: { camera: Camera }) {
  const online = isOnline(camera);
  return (
    <Badge tone={online ? 'success' : 'neutral'} className="whitespace-nowrap" data-testid="camera-status">
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', online ? 'bg-emerald-400' : 'bg-slate-500')}
      />
      {online ? t('En ligne') : t('Hors ligne')}
    </Badge>
  );
}

/** The three feature dots, each with its name for screen readers and on hover. */
export function FeatureDots({ camera }: { camera: Camera }) {
  return (
    <span className="flex items-center gap-1.5">
      {featureKeys.map((key) => {
        const label = camera[key]
          ? t('{feature} : oui', { feature: t(featureLabels[key]) })
          : t('{feature} : non', { feature: t(featureLabels[key]) });
        return (
          <span
            key={key}
            title={label}
            className={cn('size-2.5 rounded-full', camera[key] ? 'bg-emerald-400' : 'bg-ink-600')}
          >
            <span className="sr-only">{label}</span>
          </span>
        );
      })}
    </span>
  );
}
