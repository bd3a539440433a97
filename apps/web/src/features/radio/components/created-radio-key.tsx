import { CreatedKeySection, type NewDeviceKey } from '../../../components/device-keys/one-time-key';
import { markers, richText } from '../../../components/device-keys/rich-text';
import { t } from '../../../lib/i18n/i18n';

type CreatedRadioKeyProps = { created: NewDeviceKey; onDone: () => void };

const code = (text: string) => <span className="font-mono text-fg">{text}</span>;

/** The new key, shown once, with where the gateway sends its reports. */
export function CreatedRadioKey({ created, onDone }: CreatedRadioKeyProps) {
  const parts = {
    header: code('X-Api-Key'),
    status: code('/api/radio/device/status'),
    communications: code('/communications'),
    sos: code('/sos'),
  };
  return (
    <CreatedKeySection
      created={created}
      heading="h4"
      id="created-radio-key"
      label={t('Clé de la passerelle')}
      copiedDescription={t('Collez-la dans la configuration de la passerelle.')}
      hint={richText(
        t(
          "La passerelle l'envoie dans l'en-tête {header} de ses appels : {status}, {communications} et {sos}.",
          markers(parts),
        ),
        parts,
      )}
      onDone={onDone}
    />
  );
}
