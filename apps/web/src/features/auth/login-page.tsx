import { LogIn } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage, isMaintenanceError } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import type { FieldErrors } from './api/field-errors';
import { loadLoginApi } from './api/load-login-api';
import type * as LoginApi from './api/login';
import { TwoFactorStep } from './components/two-factor-step';

type FieldName = keyof LoginApi.LoginForm;

export default function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginApi.LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [twoFactor, setTwoFactor] = useState<LoginApi.TwoFactorPending | null>(null);
  // After a first submit, each change re-validates its field (as react-hook-form did).
  const validator = useRef<typeof LoginApi | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as FieldName;
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    const api = validator.current;
    if (api) {
      const result = api.validateLogin(next);
      setErrors((current) => ({ ...current, [name]: result.ok ? undefined : result.errors[name] }));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const api = await loadLoginApi();
      validator.current = api;
      const result = api.validateLogin(values);
      if (!result.ok) {
        setErrors(result.errors);
        const first = (['email', 'password'] as const).find((name) => result.errors[name]);
        if (first) document.getElementById(first)?.focus();
        return;
      }
      setErrors({});
      const outcome = await api.postLogin(result.data);
      if (outcome.kind === 'two-factor') {
        setTwoFactor(outcome);
        return;
      }
      toast.success(t('Connexion réussie'));
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // Maintenance mode: the maintenance screen replaces the page, no toast.
      if (isMaintenanceError(error)) return;
      toast.error(t('Erreur de connexion'), { description: errorMessage(error, t('Erreur de connexion')) });
    } finally {
      setSubmitting(false);
    }
  };

  if (twoFactor) {
    return (
      <TwoFactorStep
        pending={twoFactor}
        onSignedIn={() => navigate('/dashboard', { replace: true })}
        onBack={(reason) => {
          setTwoFactor(null);
          setValues((current) => ({ ...current, password: '' }));
          if (reason) toast.error(t('Erreur de connexion'), { description: reason });
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('Connexion')}</h1>
        <p className="text-fg-muted">{t('Accédez à votre centre de supervision.')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField id="email" label={t('Email')} error={errors.email} required>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('vous@entreprise.fr')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            value={values.email}
            onChange={onChange}
          />
        </FormField>
        <FormField id="password" label={t('Mot de passe')} error={errors.password} required>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            value={values.password}
            onChange={onChange}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          <LogIn aria-hidden="true" />
          {isSubmitting ? t('Connexion...') : t('Connexion')}
        </Button>
      </form>
      <p className="text-center text-sm text-fg-muted">
        {t('Pas encore de compte ?')}{' '}
        <Link to="/register-company" className="font-medium text-blue-300 underline-offset-4 hover:underline">
          {t('Inscrire votre société')}
        </Link>
      </p>
    </div>
  );
}
