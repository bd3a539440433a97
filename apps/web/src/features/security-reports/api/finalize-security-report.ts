import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finalizeSecurityReport, updateSecurityReport } from '@vigie/contract/security-reports.contract';
import { apiCall } from '../../../lib/api-client';
import { securityReportsKey } from './keys';

/** Signs the draft first when a signature is given, then freezes it. */
export async function signAndFinalize(input: { id: string; signature?: string }) {
  if (input.signature) {
    await apiCall(updateSecurityReport, {
      params: { id: input.id },
      body: { responsibleSignature: input.signature },
    });
  }
  return apiCall(finalizeSecurityReport, { params: { id: input.id } });
}

export function useFinalizeSecurityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signAndFinalize,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}
