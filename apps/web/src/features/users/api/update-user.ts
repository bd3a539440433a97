import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserBody, updateUser } from '@vigie/contract/users.contract';
import { apiCall } from '../../../lib/api-client';
import { usersKey } from './keys';

export function patchUser({ id, body }: { id: string; body: UpdateUserBody }) {
  return apiCall(updateUser, { params: { id }, body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
