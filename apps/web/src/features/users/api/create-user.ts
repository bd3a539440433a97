import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserBody, createUser } from '@vigie/contract/users.contract';
import { apiCall } from '../../../lib/api-client';
import { usersKey } from './keys';

export function postUser(body: CreateUserBody) {
  return apiCall(createUser, { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
