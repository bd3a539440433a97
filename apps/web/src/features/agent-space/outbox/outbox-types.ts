// What the agent's phone queues: every write of the agent space (a main courante entry, a checkpoint
// scan), online or not, with the uuid that lets the server recognise a resend (`clientRef`) and
// the time the agent made it (kept by the server as the event's time).

export interface LogbookPayload {
  siteId: string;
  category: string;
  text: string;
  /** When the agent wrote it on the phone (ISO): the entry's event time. */
  occurredAt: string;
  photos: string[];
}

export interface ScanPayload {
  roundId: string;
  /** The checkpoint the phone recognised (shown as « en attente » on the route; not sent). */
  checkpointId: string;
  code?: string;
  nfcUid?: string;
  /** When the label was read on the phone (ISO). */
  scannedAt: string;
  position?: { latitude: number; longitude: number } | null;
  note?: string | null;
  photo?: string | null;
}

export type OutboxOperation =
  | { kind: 'logbook'; payload: LogbookPayload }
  | { kind: 'scan'; payload: ScanPayload };

export type OutboxItem = OutboxOperation & {
  /** The store's key: the order in which the agent made the writes (IndexedDB auto-increment). */
  seq: number;
  clientRef: string;
  /** Whose write it is: only that user's session sends it. */
  userId: string;
  createdAt: string;
  /** What the agent reads in the lists (« Incident — Porte forcée… », « Passage : Quai 3 »). */
  label: string;
  status: 'pending' | 'rejected';
  /** The server's French reason, for a refused write. */
  reason?: string;
};

export type NewOutboxItem = Omit<OutboxItem, 'seq'>;

/** Where the queue lives: IndexedDB in the browser, memory in the unit tests. */
export interface OutboxStore {
  /** Every item, in `seq` order. */
  list(): Promise<OutboxItem[]>;
  add(item: NewOutboxItem): Promise<OutboxItem>;
  put(item: OutboxItem): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** A memory store (unit tests, and a browser without IndexedDB: the queue then lasts the tab). */
export function memoryStore(): OutboxStore {
  let items: OutboxItem[] = [];
  let next = 1;
  return {
    list: async () => items.map((i) => ({ ...i })),
    add: async (item) => {
      const stored = { ...item, seq: next++ } as OutboxItem;
      items.push(stored);
      return { ...stored };
    },
    put: async (item) => {
      items = items.map((i) => (i.seq === item.seq ? { ...item } : i));
    },
    remove: async (seq) => {
      items = items.filter((i) => i.seq !== seq);
    },
  };
}
