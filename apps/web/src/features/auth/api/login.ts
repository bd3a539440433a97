import { useMutation } from '@tanstack/react-query';
import { type LoginBody, login } from '@vigie/contract/auth.contract';
import { apiCall } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

export function postLogin(body: LoginBody) {
  // A 401 here means bad credentials, shown on the form; it must not trigger the global logout.
  return apiCall(login, { body, ignoreUnauthorized: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: postLogin,
    onSuccess: (data) => startSession(data.access_token, data.user, data.company),
  });
}
