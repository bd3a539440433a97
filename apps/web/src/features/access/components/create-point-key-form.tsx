import type { AccessPoint } from '@vigie/contract/access.contract';
import { useState } from 'react';
import { KeyNameForm } from '../../../components/device-keys/key-name-form';
import { CreatedKeySection, type NewDeviceKey } from '../../../components/device-keys/one-time-key';
import { markers, richText } from '../../../components/device-keys/rich-text';
import { t } from '../../../lib/i18n/i18n';
import { useCreatePointKey } from '../api/create-point-key';

/** Where a tablet at the entrance opens the kiosk, inside the translated sentence. */
function kioskHint() {
  const parts = { url: <span className="font-mono text-fg">{`${window.location.origin}/borne`}</span> };
  return richText(
    t(
      "Pour une tablette à l'entrée, ouvrez {url} sur la tablette et collez-y cette clé : elle devient la borne d'accès de ce point.",
      markers(parts),
    ),
    parts,
  );
}

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
        label={t('Clé du lecteur')}
        copiedDescription={t('Collez-la dans la configuration du lecteur.')}
        hint={kioskHint()}
        onDone={() => setCreated(null)}
      />
    );
  }

  return (
    <KeyNameForm
      id="point-key-name"
      label={t('Nom du lecteur')}
      placeholder={t('Ex. Lecteur entrée, Borne accueil')}
      requiredMessage={t('Le nom du lecteur est obligatoire')}
      create={(name) => create.mutateAsync({ pointId: point.id, name })}
      isPending={create.isPending}
      onCreated={setCreated}
    />
  );
}
