import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { DeviceKeyList } from '../../../components/device-keys/device-key-list';
import { RevokeKeyButton } from '../../../components/device-keys/revoke-key-button';
import { t } from '../../../lib/i18n/i18n';
import { useRadioKeys } from '../api/get-radio-keys';
import { useRevokeRadioKey } from '../api/revoke-radio-key';

/** The gateway keys, each with 'Révoquer' (asked twice): a table where there is room, cards on a phone. */
export function RadioKeyList({ timezone }: { timezone?: string }) {
  const keys = useRadioKeys();
  return (
    <DeviceKeyList
      keys={keys}
      frame="section"
      caption={t('Clés de passerelle radio')}
      empty={t("Aucune clé : aucune passerelle ne peut encore envoyer l'état des radios.")}
      rowTestId="radio-key-row"
      revoke={(key) => <RevokeKey gatewayKey={key} />}
      timezone={timezone}
    />
  );
}

function RevokeKey({ gatewayKey }: { gatewayKey: IntegrationKey }) {
  const revoke = useRevokeRadioKey();
  return (
    <RevokeKeyButton
      deviceKey={gatewayKey}
      onRevoke={() => revoke.mutateAsync(gatewayKey.id)}
      isPending={revoke.isPending}
      revokedDescription={t('ne peut plus rien envoyer.')}
    />
  );
}
