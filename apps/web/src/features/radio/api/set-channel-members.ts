import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setChannelMembers } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export type ChannelMembersInput = { id: string; agentIds: string[]; radioIds: string[] };

export function putChannelMembers({ id, agentIds, radioIds }: ChannelMembersInput) {
  return apiCall(setChannelMembers, { params: { id }, body: { agentIds, radioIds } });
}

/** Replaces the channel's members (agents and radios). */
export function useSetChannelMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putChannelMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
