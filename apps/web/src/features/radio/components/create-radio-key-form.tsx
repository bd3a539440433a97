import { useState } from 'react';
import { KeyNameForm } from '../../../components/device-keys/key-name-form';
import type { NewDeviceKey } from '../../../components/device-keys/one-time-key';
import { msg, t } from '../../../lib/i18n/i18n';
import { useCreateRadioKey } from '../api/create-radio-key';
import { CreatedRadioKey } from './created-radio-key';

/** Names a gateway, creates its key and shows it once (only its hash is stored on the server). */
export function CreateRadioKeyForm() {
  const create = useCreateRadioKey();
  const [created, setCreated] = useState<NewDeviceKey | null>(null);

  if (created) return <CreatedRadioKey created={created} onDone={() => setCreated(null)} />;

  return (
    <KeyNameForm
      id="radio-key-name"
      label={t('Nom de la passerelle')}
      placeholder={t('Ex. Passerelle PTT opérateur, Terminal 12')}
      // Shown by the field, which translates it when it is shown.
      requiredMessage={msg('Le nom de la passerelle est obligatoire')}
      create={(name) => create.mutateAsync(name)}
      isPending={create.isPending}
      onCreated={setCreated}
    />
  );
}
