import { CreatedKeySection, type NewDeviceKey } from '../../../components/device-keys/one-time-key';

type CreatedRadioKeyProps = { created: NewDeviceKey; onDone: () => void };

/** The new key, shown once, with where the gateway sends its reports. */
export function CreatedRadioKey({ created, onDone }: CreatedRadioKeyProps) {
  return (
    <CreatedKeySection
      created={created}
      heading="h4"
      id="created-radio-key"
      label="Clé de la passerelle"
      copiedDescription="Collez-la dans la configuration de la passerelle."
      hint={
        <>
          La passerelle l'envoie dans l'en-tête <span className="font-mono text-fg">X-Api-Key</span> de ses
          appels : <span className="font-mono text-fg">/api/radio/device/status</span>,{' '}
          <span className="font-mono text-fg">/communications</span> et{' '}
          <span className="font-mono text-fg">/sos</span>.
        </>
      }
      onDone={onDone}
    />
  );
}
