import { ShieldOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { CodeInput } from './code-input';

type TwoFactorDisableDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Désactiver' asks a current code, or one of the recovery codes. */
export function TwoFactorDisableDialog({ open, onOpenChange }: TwoFactorDisableDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Désactiver la double authentification')}
        description={t("Confirmez avec le code affiché par votre application d'authentification.")}
      >
        <DisableForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useRecovery ? 'twofa-disable-recovery' : 'twofa-disable-code';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (useRecovery ? recoveryCode.trim() === '' : !/^\d{6}$/.test(code)) {
      // FormField shows the error in the user's language.
      setError(useRecovery ? msg('Saisissez un code de secours') : msg('Le code doit compter 6 chiffres'));
      return;
    }
    setError(null);
    try {
      await disable.mutateAsync(useRecovery ? { recoveryCode: recoveryCode.trim() } : { code });
      toast.success(t('Double authentification désactivée'));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t('Impossible de désactiver la double authentification')));
    }
  };

  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId}-error` : undefined,
  } as const;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {useRecovery ? (
        <FormField id={fieldId} label={t('Code de secours')} required error={error ?? undefined}>
          <Input
            id={fieldId}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={recoveryCode}
            onChange={(event) => {
              setRecoveryCode(event.target.value);
              setError(null);
            }}
            {...a11y}
          />
        </FormField>
      ) : (
        <FormField id={fieldId} label={t('Code à 6 chiffres')} required error={error ?? undefined}>
          <CodeInput
            id={fieldId}
            value={code}
            onValueChange={(value) => {
              setCode(value);
              setError(null);
            }}
            {...a11y}
          />
        </FormField>
      )}
      <button
        type="button"
        className="self-start text-sm text-blue-300 underline-offset-4 hover:underline"
        onClick={() => {
          setUseRecovery((v) => !v);
          setError(null);
        }}
      >
        {useRecovery ? t('Utiliser le code de l’application') : t('Utiliser un code de secours')}
      </button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('Annuler')}
        </Button>
        <Button type="submit" variant="danger" disabled={disable.isPending}>
          <ShieldOff aria-hidden="true" />
          {disable.isPending ? t('Désactivation...') : t('Désactiver')}
        </Button>
      </div>
    </form>
  );
}
