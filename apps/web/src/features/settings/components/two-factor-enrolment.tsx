import type { twoFactorSetupSchema } from '@vigie/contract/me.contract';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { QueryError, QueryLoading } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { CodeInput } from './code-input';
import { RecoveryCodes } from './recovery-codes';
import { TotpQr } from './totp-qr';

type Setup = z.infer<typeof twoFactorSetupSchema>;

type TwoFactorEnrolmentProps = {
  /** Called once the recovery codes are kept. */
  onDone: () => void;
  doneLabel?: string;
};

/** Scan the QR code (or type the secret), confirm a first code, keep the 10 recovery codes. */
export function TwoFactorEnrolment({ onDone, doneLabel }: TwoFactorEnrolmentProps) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const begin = () => {
    start.mutate(undefined, { onSuccess: setSetup });
  };
  useEffect(() => {
    // Once: each setup makes a new secret, and only the last one shown would work.
    if (started.current) return;
    started.current = true;
    begin();
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(msg('Le code doit compter 6 chiffres'));
      return;
    }
    setError(null);
    try {
      const result = await enable.mutateAsync(code);
      setCodes(result.recoveryCodes);
      toast.success(t('Double authentification activée'));
    } catch (failure) {
      setError(errorMessage(failure, t("Impossible d'activer la double authentification")));
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  if (!setup) {
    if (start.isError)
      return (
        <QueryError
          layout="card"
          error={start.error}
          title={t("Impossible de préparer l'activation")}
          onRetry={begin}
        />
      );
    return <QueryLoading layout="card" label={t('Préparation du QR code…')} />;
  }
  return (
    <div className="flex flex-col gap-5">
      <TotpQr qrSvg={setup.qrSvg} secret={setup.secret} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3">
        <FormField id="twofa-code" label={t('Code à 6 chiffres')} required error={error ?? undefined}>
          <CodeInput
            id="twofa-code"
            data-testid="twofa-code"
            value={code}
            onValueChange={(value) => {
              setCode(value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'twofa-code-error' : undefined}
          />
        </FormField>
        <Button type="submit" disabled={enable.isPending} className="self-end">
          <ShieldCheck aria-hidden="true" />
          {enable.isPending ? t('Vérification...') : t('Activer')}
        </Button>
      </form>
    </div>
  );
}
