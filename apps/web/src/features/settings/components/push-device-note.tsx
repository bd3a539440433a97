import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import type { PushDeviceState } from './use-push-device';

type PushDeviceNoteProps = {
  state: PushDeviceState;
  /** The account wants push notifications. */
  wanted: boolean;
  pending: boolean;
  onSubscribe: () => void;
};

/** Push is per browser: say whether this one receives them, and offer to subscribe it. */
export function PushDeviceNote({ state, wanted, pending, onSubscribe }: PushDeviceNoteProps) {
  if (state === 'checking') return null;
  if (state === 'unsupported')
    return (
      <p className="text-sm text-fg-muted">
        {t(
          'Ce navigateur ne peut pas recevoir de notifications push (navigateur non compatible ou page non servie en HTTPS).',
        )}
      </p>
    );
  if (state === 'denied')
    return (
      <p className="text-sm text-amber-200">
        {t(
          'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur pour les recevoir ici.',
        )}
      </p>
    );
  if (!wanted) return null;
  if (state === 'subscribed')
    return <p className="text-sm text-emerald-200">{t('Ce navigateur reçoit vos notifications push.')}</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-ink-600 bg-ink-900/60 p-3">
      <p className="text-sm text-fg-muted">
        {t("Ce navigateur n'est pas encore abonné à vos notifications push.")}
      </p>
      <Button variant="outline" size="sm" onClick={onSubscribe} disabled={pending}>
        <BellRing aria-hidden="true" />
        {pending ? t('Activation...') : t('Activer sur ce navigateur')}
      </Button>
    </div>
  );
}
