import { type LoneWorkerPositionInput, reportLoneWorkerPosition } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';

/** The phone's position while the protection runs; a failure is left to the next one. */
export function reportPosition(id: string, position: LoneWorkerPositionInput) {
  return apiCall(reportLoneWorkerPosition, { params: { id }, body: { position } });
}
