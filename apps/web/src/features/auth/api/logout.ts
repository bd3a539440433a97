import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '@vigie/contract/auth.contract';
import { useNavigate } from 'react-router';
import { apiCall } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { forgetPushSubscription } from './forget-push';

export function postLogout() {
  return apiCall(logout);
}

/** Logout as the user asks it: this browser's push subscription goes first, then the session. */
export async function signOut() {
  await forgetPushSubscription();
  return postLogout();
}

/** Revokes the token server-side; the local session is cleared even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
