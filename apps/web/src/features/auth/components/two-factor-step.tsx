import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage, isMaintenanceError } from '../../../lib/api-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { loadLoginApi } from '../api/load-login-api';
import type { TwoFactorPending } from '../api/login';

const EXPIRED = msg('Demande de connexion expirée : saisissez de nouveau votre mot de passe');

type TwoFactorStepProps = {
  pending: TwoFactorPending;
  onSignedIn: () => void;
  /** Back to the password (asked, or the 5-minute challenge expired: `reason`). */
  onBack: (reason?: string) => void;
};

/** Second step of the login: the authenticator's 6 digits, or one of the recovery codes. */
export function TwoFactorStep({ pending, onSignedIn, onBack }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const fieldId = recovery ? 'login-recovery-code' : 'login-2fa-code';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (Date.parse(pending.expiresAt) <= Date.now()) {
      onBack(t(EXPIRED));
      return;
    }
    setSubmitting(true);
    try {
      const api = await loadLoginApi();
      const body = recovery
        ? { challenge: pending.challenge, recoveryCode: recoveryCode.trim() }
        : { challenge: pending.challenge, code };
      const checked = api.validateSecondStep(body);
      if (!checked.ok || (recovery && body.recoveryCode === '')) {
        setError(
          recovery
            ? msg('Saisissez un de vos codes de secours')
            : ((checked.ok ? undefined : checked.errors.code) ?? msg('Le code doit compter 6 chiffres')),
        );
        document.getElementById(fieldId)?.focus();
        return;
      }
      setError(null);
      await api.postLoginSecondStep(checked.data);
      toast.success(t('Connexion réussie'));
      onSignedIn();
    } catch (failure) {
      if (isMaintenanceError(failure)) return;
      const message = errorMessage(failure, t('Erreur de connexion'));
      if (
        failure instanceof ApiError &&
        failure.status === 401 &&
        // i18n: not shown (the server's French answer to an expired challenge, which has no code yet)
        message.startsWith('Demande de connexion')
      ) {
        onBack(message);
        return;
      }
      setError(message);
      toast.error(t('Erreur de connexion'), { description: message });
    } finally {
      setSubmitting(false);
    }
  };

  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId}-error` : undefined,
  } as const;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {t('Double authentification')}
        </h1>
        <p className="text-fg-muted">
          {recovery
            ? t("Saisissez un de vos codes de secours. Chacun ne sert qu'une fois.")
            : t("Saisissez le code à 6 chiffres affiché par votre application d'authentification.")}
        </p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
        {recovery ? (
          <FormField id={fieldId} label={t('Code de secours')} error={error ?? undefined} required>
            <Input
              id={fieldId}
              data-testid="login-recovery-code"
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
          <FormField
            id={fieldId}
            label={t('Code de double authentification')}
            error={error ?? undefined}
            required
          >
            <Input
              id={fieldId}
              data-testid="login-2fa-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              placeholder="123456"
              className="font-mono text-lg tracking-[0.3em]"
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
                setError(null);
              }}
              {...a11y}
            />
          </FormField>
        )}
        <button
          type="button"
          className="self-start text-sm font-medium text-blue-300 underline-offset-4 hover:underline"
          onClick={() => {
            setRecovery((v) => !v);
            setError(null);
          }}
        >
          {recovery ? t("Utiliser le code de l'application") : t('Utiliser un code de secours')}
        </button>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          <ShieldCheck aria-hidden="true" />
          {isSubmitting ? t('Vérification...') : t('Valider')}
        </Button>
        <Button variant="ghost" onClick={() => onBack()} className="self-center">
          <ArrowLeft aria-hidden="true" />
          {t('Retour')}
        </Button>
      </form>
    </div>
  );
}
