// Publishing company events, for every module: call it inside the transaction of the change.
import type { RealtimeEventType } from '@vigie/contract/events.contract';
import type { Tx } from '../../db/client';
import { insertEvents } from './events.repository';

export async function publishEvents(
  tx: Tx,
  companyId: string,
  events: { type: RealtimeEventType; payload: Record<string, unknown> }[],
) {
  await insertEvents(tx, companyId, events);
}

export const publishEvent = (
  tx: Tx,
  companyId: string,
  type: RealtimeEventType,
  payload: Record<string, unknown>,
) => publishEvents(tx, companyId, [{ type, payload }]);
