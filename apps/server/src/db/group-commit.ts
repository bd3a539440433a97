// Group commit: writes of one company that arrive during the same turn of the event loop share one
// transaction, so that one commit — one WAL flush, one pass through NOTIFY's commit lock, which
// queues every notifying transaction of the database — serves them all. Alarm creation uses it
// (docs/decisions/0007); each caller still gets its own answer, or its own error.

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<I, O> {
  private queues = new Map<string, Waiting<I, O>[]>();
  private scheduled = false;
  /** `oneAtATime`: the companies whose group is being written; their next items wait for it. */
  private writing = new Set<string>();

  constructor(
    /** Writes a group in one transaction; answers one output per item, in the items' order. */
    private readonly write: (companyId: string, items: I[]) => Promise<O[]>,
    private readonly maxGroup = 200,
    /**
     * One group of a company at a time: what arrives meanwhile forms the next group. Under load the
     * groups grow instead of the transactions multiplying (the receiver's link tests).
     */
    private readonly oneAtATime = false,
  ) {}

  submit(companyId: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.queues.get(companyId) ?? [];
      this.queues.set(companyId, queue);
      queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the I/O phase: every request read in this turn has joined its group by then.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const queues = this.queues;
    this.queues = new Map();
    for (const [companyId, waiting] of queues) {
      if (this.oneAtATime) {
        if (this.writing.has(companyId)) this.queues.set(companyId, waiting);
        else void this.writeInTurn(companyId, waiting);
        continue;
      }
      for (let i = 0; i < waiting.length; i += this.maxGroup) {
        void this.commit(companyId, waiting.slice(i, i + this.maxGroup));
      }
    }
  }

  /** `oneAtATime`: writes this company's group, then the one that formed meanwhile, and so on. */
  private async writeInTurn(companyId: string, waiting: Waiting<I, O>[]) {
    this.writing.add(companyId);
    let group = waiting;
    try {
      while (group.length > 0) {
        const rest = group.slice(this.maxGroup);
        await this.commit(companyId, group.slice(0, this.maxGroup));
        const arrived = this.queues.get(companyId) ?? [];
        this.queues.delete(companyId);
        group = [...rest, ...arrived];
      }
    } finally {
      this.writing.delete(companyId);
    }
  }

  private async commit(companyId: string, group: Waiting<I, O>[]) {
    try {
      const out = await this.write(
        companyId,
        group.map((w) => w.item),
      );
      for (const [i, w] of group.entries()) w.resolve(out[i] as O);
    } catch (err) {
      if (group.length === 1) {
        group[0]?.reject(err);
        return;
      }
      // One item's failure must not fail the others: each again in its own transaction. The ids
      // are chosen before the first try, so a retry can never write an item twice.
      for (const w of group) void this.commit(companyId, [w]);
    }
  }
}
