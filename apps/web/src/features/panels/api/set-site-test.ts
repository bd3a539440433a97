import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SitePanelsTestBody, setSitePanelsTest } from '@vigie/contract/panels.contract';
import { apiCall } from '../../../lib/api-client';
import { panelsKey } from './keys';

export function putSiteTest({ siteId, body }: { siteId: string; body: SitePanelsTestBody }) {
  return apiCall(setSitePanelsTest, { params: { id: siteId }, body });
}

export function useSetSiteTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSiteTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelsKey }),
  });
}
