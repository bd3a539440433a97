// The agent space's one outbox (a module singleton: every screen of the tab shares it), sending
// through the contract's endpoints with the write's `clientRef`, and the hooks that read its state
// and keep it draining: at start, on the browser's `online` event, every 30 s.
import { useQueryClient } from '@tanstack/react-query';
import { scanCheckpoint } from '@vigie/contract/guard-tours.contract';
import { createLogbookEntry, type LogbookCategory } from '@vigie/contract/logbook.contract';
import { useEffect, useSyncExternalStore } from 'react';
import { apiCall } from '../../../lib/api-client';
import { ApiError, restrictionOf } from '../../../lib/api-errors';
import { guardToursKey, logbookKey } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';
import { idbAvailable, idbStore } from './idb-store';
import { type FailureVerdict, Outbox } from './outbox';
import { memoryStore, type OutboxItem } from './outbox-types';

const DRAIN_EVERY_MS = 30_000;

function send(item: OutboxItem) {
  if (item.kind === 'logbook') {
    const { category, ...rest } = item.payload;
    return apiCall(createLogbookEntry, {
      body: { ...rest, category: category as LogbookCategory, clientRef: item.clientRef },
    });
  }
  const { roundId, checkpointId: _shown, ...body } = item.payload;
  return apiCall(scanCheckpoint, { params: { id: roundId }, body: { ...body, clientRef: item.clientRef } });
}

/**
 * The network, a server down or busy, maintenance: later. The session over (401, or a password to
 * renew first): kept for the next sign-in, without retrying. Any other refusal is the server's
 * final word on this write, shown to the agent with its reason.
 */
export function classifyFailure(error: unknown): FailureVerdict {
  if (!(error instanceof ApiError)) return { verdict: 'retry' };
  const { status } = error;
  if (status === 0 || status >= 500 || status === 408 || status === 429) return { verdict: 'retry' };
  if (status === 401 || restrictionOf(status, error.detail, error.code)) return { verdict: 'stop' };
  return { verdict: 'refused', reason: error.message };
}

/** One tab of the browser drains at a time; the others find the queue emptied in the store. */
function exclusive(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('vigie-agent-outbox', () => work()) : work();
}

let outbox: Outbox | null = null;

export function agentOutbox(): Outbox {
  if (!outbox) {
    const box = new Outbox({
      store: idbAvailable() ? idbStore() : memoryStore(),
      send,
      classify: classifyFailure,
      currentUser: () => getSession().user?.id ?? null,
      exclusive,
    });
    void box.load().then(() => box.drain());
    outbox = box;
  }
  return outbox;
}

/** The signed-in user's waiting and refused writes, and whether one is being sent. */
export function useOutboxState() {
  const box = agentOutbox();
  return useSyncExternalStore(box.subscribe, box.getState, box.getState);
}

/** Keeps the outbox draining while the agent space is open, and refreshes what a sent write changes. */
export function useOutboxSender() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const box = agentOutbox();
    const off = box.onSent((item) =>
      queryClient.invalidateQueries({ queryKey: item.kind === 'logbook' ? logbookKey : guardToursKey }),
    );
    const kick = () => void box.drain();
    window.addEventListener('online', kick);
    const timer = window.setInterval(kick, DRAIN_EVERY_MS);
    kick();
    return () => {
      off();
      window.removeEventListener('online', kick);
      window.clearInterval(timer);
    };
  }, [queryClient]);
}
