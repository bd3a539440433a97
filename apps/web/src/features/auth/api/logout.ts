import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '@vigie/contract/auth.contract';
import { useNavigate } from 'react-router';
import { apiCall } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export function postLogout() {
  return apiCall(logout);
}

/** Revokes the token server-side; the local session is cleared even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postLogout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
