import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUser } from '@vigie/contract/users.contract';
import { apiCall } from '../../../lib/api-client';
import { usersKey } from './keys';

export function removeUser(id: string) {
  return apiCall(deleteUser, { params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
