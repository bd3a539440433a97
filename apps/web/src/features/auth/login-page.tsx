import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@vigie/contract/auth.contract';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { useLogin } from './api/login';

export default function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      toast.success('Connexion réussie');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error('Erreur de connexion', { description: errorMessage(error, 'Erreur de connexion') });
    }
  });

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Connexion</h1>
        <p className="text-fg-muted">Accédez à votre centre de supervision.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField id="email" label="Email" error={errors.email?.message} required>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="vous@entreprise.fr"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            {...register('email')}
          />
        </FormField>
        <FormField id="password" label="Mot de passe" error={errors.password?.message} required>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            {...register('password')}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          <LogIn aria-hidden="true" />
          {isSubmitting ? 'Connexion...' : 'Connexion'}
        </Button>
      </form>
      <p className="text-center text-sm text-fg-muted">
        Pas encore de compte ?{' '}
        <Link to="/register-company" className="font-medium text-blue-300 underline-offset-4 hover:underline">
          Inscrire votre société
        </Link>
      </p>
    </div>
  );
}
