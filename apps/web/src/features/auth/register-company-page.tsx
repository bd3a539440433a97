import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody } from '@vigie/contract/auth.contract';
import { planLimits, subscriptionPlans } from '@vigie/contract/enums';
import { Building2, UserCog } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-errors';
import { useRegister } from './api/register';
import { FormSection } from './components/form-section';
import { TextField } from './components/text-field';

const REDIRECT_DELAY_MS = 2000;

const planOptions = subscriptionPlans.map((plan) => {
  const limits = planLimits[plan];
  const detail = limits.sites === null ? 'illimité' : `${limits.sites} sites, ${limits.agents} agents`;
  return { value: plan, label: `${limits.label} — ${detail}` };
});

export default function RegisterCompanyPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: {
      company: { name: '', email: '', phone: '', address: '', subscription: 'basic' },
      admin: { name: '', email: '', password: '', confirmPassword: '', phone: '' },
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      setDone(true);
      toast.success('Inscription réussie', {
        description: 'Votre société a été créée. Vous pouvez maintenant vous connecter.',
      });
      timer.current = window.setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      toast.error("Erreur d'inscription", {
        description: errorMessage(error, "Une erreur est survenue lors de l'inscription"),
      });
    }
  });

  const c = errors.company;
  const a = errors.admin;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Inscrire votre société</h1>
        <p className="text-fg-muted">
          Créez l'espace de votre société et le compte de son administrateur principal.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <FormSection title="Société" icon={Building2}>
          <TextField
            id="company-name"
            label="Nom de la société"
            required
            error={c?.name?.message}
            autoComplete="organization"
            {...register('company.name')}
          />
          <TextField
            id="company-email"
            label="Email de la société"
            type="email"
            required
            error={c?.email?.message}
            autoComplete="email"
            {...register('company.email')}
          />
          <TextField
            id="company-phone"
            label="Téléphone"
            type="tel"
            error={c?.phone?.message}
            autoComplete="tel"
            {...register('company.phone')}
          />
          <TextField
            id="company-address"
            label="Adresse"
            error={c?.address?.message}
            autoComplete="street-address"
            {...register('company.address')}
          />
          <FormField
            id="company-subscription"
            label="Abonnement"
            error={c?.subscription?.message}
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name="company.subscription"
              render={({ field }) => (
                <Select
                  id="company-subscription"
                  options={planOptions}
                  value={field.value}
                  onValueChange={field.onChange}
                />
              )}
            />
          </FormField>
        </FormSection>

        <FormSection title="Administrateur" icon={UserCog}>
          <TextField
            id="admin-name"
            label="Nom complet"
            required
            error={a?.name?.message}
            autoComplete="name"
            {...register('admin.name')}
          />
          <TextField
            id="admin-email"
            label="Email"
            type="email"
            required
            error={a?.email?.message}
            autoComplete="email"
            {...register('admin.email')}
          />
          <TextField
            id="admin-password"
            label="Mot de passe"
            type="password"
            required
            error={a?.password?.message}
            autoComplete="new-password"
            {...register('admin.password')}
          />
          <TextField
            id="admin-confirm-password"
            label="Confirmer le mot de passe"
            type="password"
            required
            error={a?.confirmPassword?.message}
            autoComplete="new-password"
            {...register('admin.confirmPassword')}
          />
          <TextField
            id="admin-phone"
            label="Téléphone"
            type="tel"
            error={a?.phone?.message}
            autoComplete="tel"
            {...register('admin.phone')}
          />
        </FormSection>

        <Button type="submit" size="lg" disabled={isSubmitting || done} className="w-full">
          {isSubmitting ? 'Création en cours...' : 'Créer ma société'}
        </Button>
      </form>
      <p className="text-center text-sm text-fg-muted">
        Déjà inscrit ?{' '}
        <Link to="/login" className="font-medium text-blue-300 underline-offset-4 hover:underline">
          Se connecter
        </Link>
      </p>
    </div>
  );
}
