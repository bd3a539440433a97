import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionRestriction } from '@vigie/contract/auth.contract';
import { useLogout } from '../features/auth/api/logout';
import { refreshSession } from '../features/settings/api/refresh-session';
import { PasswordExpiredScreen } from '../features/settings/components/password-expired-screen';
import { TwoFactorSetupScreen } from '../features/settings/components/two-factor-setup-screen';
import { queryClient } from './query-client';

/**
 * A restricted session (login answer, GET /api/auth/me, or any call's 403) sees only its step:
 * once done, the session is asked again (an expired password may be followed by a required
 * two-factor enrolment), and the app opens when nothing is left.
 */
export default function RestrictedSession({ restriction }: { restriction: SessionRestriction }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RestrictedStep restriction={restriction} />
    </QueryClientProvider>
  );
}

function RestrictedStep({ restriction }: { restriction: SessionRestriction }) {
  const logout = useLogout();
  const props = {
    onDone: () => void refreshSession(),
    onSignOut: () => logout.mutate(),
    signingOut: logout.isPending,
  };
  return restriction === 'password_expired' ? (
    <PasswordExpiredScreen {...props} />
  ) : (
    <TwoFactorSetupScreen {...props} />
  );
}
