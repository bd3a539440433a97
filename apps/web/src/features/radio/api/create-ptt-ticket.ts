import { createPttTicket } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';

/** A one-time ticket (30 s) for the push-to-talk socket of a channel. */
export function postPttTicket(channelId: string) {
  return apiCall(createPttTicket, { body: { channelId } });
}
