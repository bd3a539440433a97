import { useMutation } from '@tanstack/react-query';
import { type CreateDemoRequestBody, createDemoRequest } from '@vigie/contract/demo-requests.contract';
import { apiCall } from '../../../lib/api-client';

export function postDemoRequest(body: CreateDemoRequestBody) {
  return apiCall(createDemoRequest, { body });
}

export function useCreateDemoRequest() {
  return useMutation({ mutationFn: postDemoRequest });
}
