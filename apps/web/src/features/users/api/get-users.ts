import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUsers } from '@vigie/contract/users.contract';
import { apiAll } from '../../../lib/api-client';
import { usersKeys } from './keys';

export function getUsers(signal?: AbortSignal) {
  return apiAll(listUsers, { signal, query: { limit: 500 } });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersKeys.list, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
