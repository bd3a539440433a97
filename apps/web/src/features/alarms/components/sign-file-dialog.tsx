import { PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { SignatureField, type SignatureHandle } from '../../../components/signature-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useSignFile } from '../api/alarm-file';

/**
 * « Signer le dossier »: once the alarm is resolved, an operator or an administrator signs its file
 * with a drawn signature, added as the file's entry (once: said before it happens).
 */
export function SignFileDialog({ alarmId, signerName }: { alarmId: string; signerName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        <PenLine aria-hidden="true" />
        {t('Signer le dossier')}
      </Button>
      {open ? (
        <DialogContent
          title={t('Signer le dossier')}
          description={t(
            "La signature est ajoutée au dossier comme une entrée, avec votre nom et l'heure. Un dossier ne se signe qu'une fois ; il pourra encore être complété par des notes.",
          )}
        >
          <SignForm alarmId={alarmId} signerName={signerName} onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SignForm({
  alarmId,
  signerName,
  onDone,
}: {
  alarmId: string;
  signerName: string;
  onDone: () => void;
}) {
  const sign = useSignFile(alarmId);
  const pad = useRef<SignatureHandle>(null);
  const [drawn, setDrawn] = useState(false);

  const confirm = async () => {
    const value = pad.current?.value();
    if (!value) {
      toast.error(t('Erreur'), { description: t('Dessinez votre signature dans le cadre') });
      return;
    }
    try {
      await sign.mutateAsync(value);
      toast.success(t('Dossier signé'), { description: t('La signature est ajoutée au dossier.') });
      onDone();
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de signer le dossier')) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">{t('Signature de {name}', { name: signerName })}</span>
        <SignatureField id="alarm-file-signature" ref={pad} onChange={setDrawn} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('Annuler')}
        </Button>
        <Button onClick={() => void confirm()} disabled={sign.isPending || !drawn}>
          {sign.isPending ? t('Signature…') : t('Signer')}
        </Button>
      </div>
    </div>
  );
}
