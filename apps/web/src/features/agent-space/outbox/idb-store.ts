// The outbox in IndexedDB: it survives a closed tab, a restarted phone and a page opened offline.
// A hand-rolled wrapper of the few calls needed (no library: four requests do not justify one).
import type { NewOutboxItem, OutboxItem, OutboxStore } from './outbox-types';

const DB_NAME = 'vigie-agent';
const STORE = 'outbox';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      // The auto-increment key is the order in which the agent made the writes.
      request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** One request in its own transaction, resolved when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function idbStore(): OutboxStore {
  return {
    // getAll answers in key order: the order of the writes.
    list: () => run('readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>),
    add: async (item: NewOutboxItem) => {
      const seq = await run('readwrite', (s) => s.add(item));
      return { ...item, seq: Number(seq) } as OutboxItem;
    },
    put: async (item) => {
      await run('readwrite', (s) => s.put(item));
    },
    remove: async (seq) => {
      await run('readwrite', (s) => s.delete(seq));
    },
  };
}

export const idbAvailable = () => typeof indexedDB !== 'undefined';
