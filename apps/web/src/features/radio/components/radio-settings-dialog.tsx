import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n/i18n';
import { CreateRadioKeyForm } from './create-radio-key-form';
import { RadioKeyList } from './radio-key-list';
import { RetentionForm } from './retention-form';

type RadioSettingsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; timezone?: string };

/** Administrators: the radio gateways' keys and how long recordings are kept. */
export function RadioSettingsDialog({ open, onOpenChange, timezone }: RadioSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          size="lg"
          title={t('Passerelles et enregistrements')}
          description={t(
            'Les clés avec lesquelles vos terminaux 4G ou leur passerelle envoient leur état, leurs transmissions et leurs SOS, et la conservation des enregistrements.',
          )}
        >
          <div className="flex flex-col gap-6">
            <section className="flex flex-col gap-3" aria-labelledby="radio-keys-title">
              <h3 id="radio-keys-title" className="text-sm font-semibold text-white">
                {t('Clés de passerelle radio')}
              </h3>
              <CreateRadioKeyForm />
              <RadioKeyList timezone={timezone} />
            </section>
            <section
              className="flex flex-col gap-3 border-t border-ink-700 pt-5"
              aria-labelledby="radio-retention-title"
            >
              <h3 id="radio-retention-title" className="text-sm font-semibold text-white">
                {t('Conservation des enregistrements')}
              </h3>
              <RetentionForm />
            </section>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
