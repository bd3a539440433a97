import { planLimits, subscriptionPlans } from '@vigie/contract/enums';
import { Building2, UserCog } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { focusFirstField, splitServerError } from '../../lib/field-errors';
import { t } from '../../lib/i18n/i18n';
import type { FieldErrors } from './api/field-errors';
import type * as RegisterApi from './api/register';
import { FormSection } from './components/form-section';
import { TextField } from './components/text-field';

const REDIRECT_DELAY_MS = 2000;

// `enums` is plain data (no zod): safe on the page's first load. Labelled in the current language.
const planOptions = () =>
  subscriptionPlans.map((plan) => {
    const { label, sites, agents } = planLimits[plan];
    return {
      value: plan,
      label:
        sites === null
          ? t('{plan} — illimité', { plan: label })
          : t('{plan} — {sites} sites, {agents} agents', { plan: label, sites, agents }),
    };
  });

type Form = RegisterApi.RegisterForm;
type Section = keyof Form;

const emptyForm: Form = {
  company: { name: '', email: '', phone: '', address: '', subscription: 'basic' },
  admin: { name: '', email: '', password: '', confirmPassword: '', phone: '' },
};

// Field paths in page order, with the id of their control (focus on the first error).
const fieldIds: [path: string, id: string][] = [
  ['company.name', 'company-name'],
  ['company.email', 'company-email'],
  ['company.phone', 'company-phone'],
  ['company.address', 'company-address'],
  ['company.subscription', 'company-subscription'],
  ['admin.name', 'admin-name'],
  ['admin.email', 'admin-email'],
  ['admin.password', 'admin-password'],
  ['admin.confirmPassword', 'admin-confirm-password'],
  ['admin.phone', 'admin-phone'],
];

// The body's paths are the form's; a taken e-mail (`users.email_taken`) is the administrator's.
const serverFields: Record<string, string> = {
  ...Object.fromEntries(fieldIds.map(([path]) => [path, path])),
  email: 'admin.email',
};

// Validation (the contract's schema, hence zod) and the API call are loaded on first submit:
// the registration page's first load must stay under 120 KB gzipped.
let registerApi: Promise<typeof RegisterApi> | undefined;
const loadRegisterApi = () => {
  registerApi ??= import('./api/register');
  return registerApi;
};

export default function RegisterCompanyPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const [values, setValues] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // After a first submit, each change re-validates its field (as react-hook-form did).
  const validator = useRef<typeof RegisterApi | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const path = event.target.name;
    const [section, key] = path.split('.') as [Section, string];
    const next: Form = { ...values, [section]: { ...values[section], [key]: event.target.value } };
    setValues(next);
    const api = validator.current;
    if (api) {
      const result = api.validateRegister(next);
      setErrors((current) => ({ ...current, [path]: result.ok ? undefined : result.errors[path] }));
    }
  };

  /** name, value and onChange of the control for `section.key`. */
  const bind = <S extends Section>(section: S, key: keyof Form[S] & string) => ({
    name: `${section}.${key}`,
    value: values[section][key] as string,
    onChange,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const api = await loadRegisterApi();
      validator.current = api;
      const result = api.validateRegister(values);
      if (!result.ok) {
        setErrors(result.errors);
        const first = fieldIds.find(([path]) => result.errors[path]);
        if (first) document.getElementById(first[1])?.focus();
        return;
      }
      setErrors({});
      await api.postRegister(result.data);
      setDone(true);
      toast.success(t('Inscription réussie'), {
        description: t('Votre société a été créée. Vous pouvez maintenant vous connecter.'),
      });
      timer.current = window.setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      const { onFields, rest } = splitServerError(
        error,
        serverFields,
        t("Une erreur est survenue lors de l'inscription"),
      );
      if (onFields.length > 0) {
        setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
        focusFirstField(
          fieldIds.filter(([path]) => onFields.some((e) => e.field === path)).map(([, id]) => id),
        );
      }
      if (rest) toast.error(t("Erreur d'inscription"), { description: rest });
    } finally {
      setSubmitting(false);
    }
  };

  const subscriptionError = errors['company.subscription'];

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {t('Inscrire votre société')}
        </h1>
        <p className="text-fg-muted">
          {t("Créez l'espace de votre société et le compte de son administrateur principal.")}
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <FormSection title={t('Société')} icon={Building2}>
          <TextField
            id="company-name"
            label={t('Nom de la société')}
            required
            error={errors['company.name']}
            autoComplete="organization"
            {...bind('company', 'name')}
          />
          <TextField
            id="company-email"
            label={t('Email de la société')}
            type="email"
            required
            error={errors['company.email']}
            autoComplete="email"
            {...bind('company', 'email')}
          />
          <TextField
            id="company-phone"
            label={t('Téléphone')}
            type="tel"
            error={errors['company.phone']}
            autoComplete="tel"
            {...bind('company', 'phone')}
          />
          <TextField
            id="company-address"
            label={t('Adresse')}
            error={errors['company.address']}
            autoComplete="street-address"
            {...bind('company', 'address')}
          />
          <FormField
            id="company-subscription"
            label={t('Abonnement')}
            error={subscriptionError}
            className="sm:col-span-2"
          >
            <NativeSelect
              id="company-subscription"
              options={planOptions()}
              aria-invalid={subscriptionError ? true : undefined}
              aria-describedby={subscriptionError ? 'company-subscription-error' : undefined}
              {...bind('company', 'subscription')}
            />
          </FormField>
        </FormSection>

        <FormSection title={t('Administrateur')} icon={UserCog}>
          <TextField
            id="admin-name"
            label={t('Nom complet')}
            required
            error={errors['admin.name']}
            autoComplete="name"
            {...bind('admin', 'name')}
          />
          <TextField
            id="admin-email"
            label={t('Email')}
            type="email"
            required
            error={errors['admin.email']}
            autoComplete="email"
            {...bind('admin', 'email')}
          />
          <TextField
            id="admin-password"
            label={t('Mot de passe')}
            type="password"
            required
            error={errors['admin.password']}
            autoComplete="new-password"
            {...bind('admin', 'password')}
          />
          <TextField
            id="admin-confirm-password"
            label={t('Confirmer le mot de passe')}
            type="password"
            required
            error={errors['admin.confirmPassword']}
            autoComplete="new-password"
            {...bind('admin', 'confirmPassword')}
          />
          <TextField
            id="admin-phone"
            label={t('Téléphone')}
            type="tel"
            error={errors['admin.phone']}
            autoComplete="tel"
            {...bind('admin', 'phone')}
          />
        </FormSection>

        <Button type="submit" size="lg" disabled={isSubmitting || done} className="w-full">
          {isSubmitting ? t('Création en cours...') : t('Créer ma société')}
        </Button>
      </form>
      <p className="text-center text-sm text-fg-muted">
        {t('Déjà inscrit ?')}{' '}
        <Link to="/login" className="font-medium text-blue-300 underline-offset-4 hover:underline">
          {t('Se connecter')}
        </Link>
      </p>
    </div>
  );
}
