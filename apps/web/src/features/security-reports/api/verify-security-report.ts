import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifySecurityReport } from '@vigie/contract/security-reports.contract';
import { apiCall } from '../../../lib/api-client';
import { securityReportsKeys } from './keys';

/** The public check of a final report's fingerprint (no session). */
export function verificationQueryOptions(fingerprint: string) {
  return queryOptions({
    queryKey: securityReportsKeys.verification(fingerprint),
    queryFn: ({ signal }) =>
      apiCall(verifySecurityReport, { signal, params: { fingerprint }, ignoreUnauthorized: true }),
    retry: false,
  });
}

export function useVerification(fingerprint: string) {
  return useQuery(verificationQueryOptions(fingerprint));
}
