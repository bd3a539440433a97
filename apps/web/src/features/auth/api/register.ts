import { useMutation } from '@tanstack/react-query';
import { type RegisterBody, register } from '@vigie/contract/auth.contract';
import { apiCall } from '../../../lib/api-client';

export function postRegister(body: RegisterBody) {
  return apiCall(register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: postRegister });
}
