import type { AccessPoint } from '@vigie/contract/access.contract';
import { useState } from 'react';
import { KeyNameForm } from '../../../components/device-keys/key-name-form';
import { CreatedKeySection, type NewDeviceKey } from '../../../components/device-keys/one-time-key';
import { useCreatePointKey } from '../api/create-point-key';

/** Names a reader, creates its key and shows it once (only its hash is stored on the server). */
export function CreatePointKeyForm({ point }: { point: AccessPoint }) {
  const create = useCreatePointKey();
  const [created, setCreated] = useState<NewDeviceKey | null>(null);

  if (created) {
    return (
      <CreatedKeySection
        created={created}
        heading="h3"
        id="created-point-key"
        label="Clé du lecteur"
        copiedDescription="Collez-la dans la configuration du lecteur."
        hint={
          <>
            Pour une tablette à l'entrée, ouvrez{' '}
            <span className="font-mono text-fg">{`${window.location.origin}/borne`}</span> sur la tablette et
            collez-y cette clé : elle devient la borne d'accès de ce point.
          </>
        }
        onDone={() => setCreated(null)}
      />
    );
  }

  return (
    <KeyNameForm
      id="point-key-name"
      label="Nom du lecteur"
      placeholder="Ex. Lecteur entrée, Borne accueil"
      requiredMessage="Le nom du lecteur est obligatoire"
      create={(name) => create.mutateAsync({ pointId: point.id, name })}
      isPending={create.isPending}
      onCreated={setCreated}
    />
  );
}
