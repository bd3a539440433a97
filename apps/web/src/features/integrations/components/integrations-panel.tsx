import { KeyRound } from 'lucide-react';
import { DeviceKeyList } from '../../../components/device-keys/device-key-list';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { useIntegrationKeys } from '../api/get-integration-keys';
import { CreateKeyForm } from './create-key-form';
import { IntegrationHelp } from './integration-help';
import { RevokeKeyDialog } from './revoke-key-dialog';

/** Intégrations (administrators): keys that let alarm panels post alarms without a session. */
export function IntegrationsPanel({ timezone }: { timezone?: string }) {
  const keys = useIntegrationKeys();

  return (
    <Card>
      <div className="flex flex-col gap-1.5 border-b border-ink-700 p-6">
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-blue-300" />
          {t("Clés d'intégration")}
        </CardTitle>
        <CardDescription>
          {t(
            "Une clé par centrale d'alarme ou télésurveilleur : elle lui permet de déclencher des alarmes dans Vigie.",
          )}
        </CardDescription>
      </div>
      <div className="flex flex-col gap-6 p-6">
        <CreateKeyForm />
        <DeviceKeyList
          keys={keys}
          frame="card"
          caption={t("Clés d'intégration")}
          empty={t("Aucune clé d'intégration pour le moment.")}
          rowTestId="integration-key-row"
          revoke={(key) => <RevokeKeyDialog integrationKey={key} />}
          actionsClassName="@3xl:text-right"
          timezone={timezone}
        />
        <IntegrationHelp />
      </div>
    </Card>
  );
}
