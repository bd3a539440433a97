import { useState } from 'react';
import { KeyNameForm } from '../../../components/device-keys/key-name-form';
import type { NewDeviceKey } from '../../../components/device-keys/one-time-key';
import { msg, t } from '../../../lib/i18n/i18n';
import { useCreateIntegrationKey } from '../api/create-integration-key';
import { CreatedKeyDialog } from './created-key-dialog';

/** Names a new key (the panel or receiving centre it is for) and shows it once. */
export function CreateKeyForm() {
  const create = useCreateIntegrationKey();
  const [created, setCreated] = useState<NewDeviceKey | null>(null);

  return (
    <>
      <KeyNameForm
        id="integration-key-name"
        label={t('Nom de la clé')}
        placeholder={t('Ex. Centrale Ajax — Entrepôt Nord')}
        // Shown by the field, which translates it when it is shown.
        requiredMessage={msg('Le nom de la clé est obligatoire')}
        create={(name) => create.mutateAsync(name)}
        isPending={create.isPending}
        onCreated={setCreated}
        errorTitle={t('Erreur')}
        errorFallback={t('Impossible de créer la clé')}
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
