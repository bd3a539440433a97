// Several statements in one round trip, each with its values as bind parameters: the extended
// query protocol's messages (Parse, Bind, Describe, Execute for each statement) written back to
// back and closed by one Sync (docs/decisions/0021). Until that Sync the statements run in one
// implicit transaction, so a `set_config(…, true)` in the first is in force for the others and gone
// at the end, and an error in any of them rolls back all of them. No value is ever written into a
// statement's text: the texts are ours, the values travel apart.
//
// The same bytes go to PostgreSQL (through a node-postgres "submittable", the interface pg-cursor
// uses) and to PGlite (execProtocol); the same collector reads the answers of both.
import { serialize } from 'pg-protocol';

export interface Step {
  /** The statement text: a constant of ours (never built from a request's value). */
  text: string;
  values: readonly unknown[];
  /** A prepared statement's name; undefined: the unnamed statement, planned with the values. */
  name?: string | undefined;
  /** Send Parse (false: the named statement is already prepared on this connection). */
  parse: boolean;
}

export interface StepResult {
  rows: Record<string, unknown>[];
}

export type TypeParser = (oid: number) => (text: string) => unknown;

/** A value as the protocol's text format wants it (dates in UTC ISO, as our literals were). */
function toParam(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`non-finite query parameter: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}

/**
 * The messages of a pipeline: Close for the named statements to forget first, then each step, then
 * Sync. Closing a statement that does not exist is not an error, so uncertain names can be closed.
 */
export function pipelineBytes(steps: readonly Step[], close: readonly string[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const name of close) parts.push(serialize.close({ type: 'S', name }));
  for (const step of steps) {
    if (step.parse) parts.push(serialize.parse({ name: step.name ?? '', text: step.text, types: [] }));
    parts.push(serialize.bind({ statement: step.name ?? '', values: step.values.map(toParam) }));
    parts.push(serialize.describe({ type: 'P', name: '' }));
    parts.push(serialize.execute({ portal: '', rows: 0 }));
  }
  parts.push(serialize.sync());
  return Buffer.concat(parts);
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** Reads the answers of a pipeline: one result per step, in order. */
export class PipelineCollector {
  readonly results: StepResult[] = [];
  private fields: Field[] = [];
  private parsers: ((text: string) => unknown)[] = [];
  private rows: Record<string, unknown>[] = [];

  constructor(private readonly parserOf: TypeParser) {}

  rowDescription(fields: Field[]) {
    this.fields = fields;
    this.parsers = fields.map((f) => this.parserOf(f.dataTypeID));
  }

  dataRow(values: (string | null)[]) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < this.fields.length; i++) {
      const v = values[i];
      row[(this.fields[i] as Field).name] =
        v === null || v === undefined ? null : (this.parsers[i] as (t: string) => unknown)(v);
    }
    this.rows.push(row);
  }

  /** CommandComplete or EmptyQueryResponse: the current step is done. */
  complete() {
    this.results.push({ rows: this.rows });
    this.rows = [];
    this.fields = [];
    this.parsers = [];
  }
}

/**
 * The pipeline as a node-postgres query object: `client.query(new PgPipeline(…))` queues it on the
 * connection like any query (it is sent when the connection is ready; pool timeouts apply).
 */
export class PgPipeline {
  callback: ((err: Error | null, results?: StepResult[]) => void) | undefined;
  private readonly collector: PipelineCollector;

  constructor(
    private readonly bytes: Buffer,
    parserOf: TypeParser,
  ) {
    this.collector = new PipelineCollector(parserOf);
  }

  run(client: { query(q: unknown): unknown }): Promise<StepResult[]> {
    return new Promise((resolve, reject) => {
      this.callback = (err, results) => (err ? reject(err) : resolve(results ?? []));
      client.query(this);
    });
  }

  submit(connection: { stream: { write(b: Buffer): boolean } }) {
    connection.stream.write(this.bytes);
    return null;
  }
  handleRowDescription(msg: { fields: Field[] }) {
    this.collector.rowDescription(msg.fields);
  }
  handleDataRow(msg: { fields: (string | null)[] }) {
    this.collector.dataRow(msg.fields);
  }
  handleCommandComplete() {
    this.collector.complete();
  }
  handleEmptyQuery() {
    this.collector.complete();
  }
  handlePortalSuspended() {}
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }) {
    connection.sendCopyFail('COPY is not supported in a pipeline');
  }
  handleCopyData() {}
  handleError(err: Error) {
    this.callback?.(err);
  }
  handleReadyForQuery() {
    this.callback?.(null, this.collector.results);
  }
}

/** A PGlite backend message, as its execProtocol answers them. */
interface PgliteMessage {
  name: string;
  fields?: unknown[];
}

/** Collects PGlite's answer to a pipeline (the same messages as PostgreSQL's). */
export function collectPglite(messages: readonly PgliteMessage[], parserOf: TypeParser): StepResult[] {
  const c = new PipelineCollector(parserOf);
  for (const m of messages) {
    if (m.name === 'rowDescription') c.rowDescription(m.fields as Field[]);
    else if (m.name === 'dataRow') c.dataRow(m.fields as (string | null)[]);
    else if (m.name === 'commandComplete' || m.name === 'emptyQuery') c.complete();
  }
  return c.results;
}
