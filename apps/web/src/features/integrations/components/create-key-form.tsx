import { useState } from 'react';
import { KeyNameForm } from '../../../components/device-keys/key-name-form';
import type { NewDeviceKey } from '../../../components/device-keys/one-time-key';
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
        label="Nom de la clé"
        placeholder="Ex. Centrale Ajax — Entrepôt Nord"
        requiredMessage="Le nom de la clé est obligatoire"
        create={(name) => create.mutateAsync(name)}
        isPending={create.isPending}
        onCreated={setCreated}
        errorTitle="Erreur"
        errorFallback="Impossible de créer la clé"
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
