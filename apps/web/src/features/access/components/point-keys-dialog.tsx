import type { AccessPoint } from '@vigie/contract/access.contract';
import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { DeviceKeyList } from '../../../components/device-keys/device-key-list';
import { RevokeKeyButton } from '../../../components/device-keys/revoke-key-button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';
import { usePointKeys } from '../api/get-point-keys';
import { useRevokePointKey } from '../api/revoke-point-key';
import { CreatePointKeyForm } from './create-point-key-form';

type PointKeysDialogProps = {
  point: AccessPoint | null;
  onOpenChange: (open: boolean) => void;
  timezone?: string;
};

/** Clés de lecteur (administrators): one key per reader or kiosk of the point, shown once. */
export function PointKeysDialog({ point, onOpenChange, timezone }: PointKeysDialogProps) {
  return (
    <Dialog open={point !== null} onOpenChange={onOpenChange}>
      {point ? (
        <DialogContent
          size="lg"
          title={t('Clés de lecteur — {name}', { name: point.name })}
          description={t(
            "Chaque lecteur ou borne de ce point s'identifie auprès de Vigie avec sa propre clé (en-tête X-Api-Key). Une clé révoquée est refusée aussitôt.",
          )}
        >
          <div className="flex flex-col gap-5">
            <CreatePointKeyForm point={point} />
            <KeyList point={point} timezone={timezone} />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function KeyList({ point, timezone }: { point: AccessPoint; timezone?: string }) {
  const keys = usePointKeys(point.id);
  return (
    <DeviceKeyList
      keys={keys}
      frame="dialog"
      caption={t('Clés de lecteur')}
      empty={t('Aucune clé : aucun lecteur ne peut encore contrôler de badge à ce point.')}
      rowTestId="point-key-row"
      revoke={(key) => <RevokeKey pointId={point.id} readerKey={key} />}
      timezone={timezone}
    />
  );
}

function RevokeKey({ pointId, readerKey }: { pointId: string; readerKey: IntegrationKey }) {
  const revoke = useRevokePointKey();
  return (
    <RevokeKeyButton
      deviceKey={readerKey}
      onRevoke={() => revoke.mutateAsync({ pointId, keyId: readerKey.id })}
      isPending={revoke.isPending}
      revokedDescription={t('ne peut plus contrôler de badge.')}
      className="self-start sm:self-auto"
    />
  );
}
