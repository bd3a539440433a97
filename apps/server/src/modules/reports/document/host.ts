// The main thread's side of a document thread: one worker per document, fed message by message
// (each awaited), writing to a temporary file the caller reads and removes. A builder's CPU never
// blocks the HTTP event loop, and rows cross over one page at a time.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { tsxApi } from '../../../plugins/document-worker';
import type { Cell, DocumentAnswer, DocumentHead, DocumentMessage, DocumentNote, TableSpec } from './types';

const bootstrap = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  try {
    const tsx = await import(workerData.tsx);
    tsx.register();
    const mod = await import(workerData.entry);
    mod.serve(parentPort);
    parentPort.postMessage({ ok: true });
  } catch (err) {
    parentPort.postMessage({ ok: false, message: err && err.stack ? err.stack : String(err) });
  }
})();
`;

export interface DocumentThread {
  /** The file being written. */
  path: string;
  table(table: TableSpec): Promise<void>;
  rows(rows: Cell[][]): Promise<void>;
  note(note: DocumentNote): Promise<void>;
  /** Finishes the file; the thread ends. */
  end(): Promise<void>;
  /** Stops the thread (after a failure). */
  abort(): Promise<void>;
}

export async function openDocumentThread(head: DocumentHead): Promise<DocumentThread> {
  const ext = head.format === 'pdf' ? 'pdf' : 'xlsx';
  const path = join(tmpdir(), `vigie-report-${randomUUID()}.${ext}`);
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: { entry: new URL('./thread.ts', import.meta.url).href, tsx: tsxApi },
  });
  let waiting: { ok: () => void; fail: (err: Error) => void } | null = null;
  let dead: Error | null = null;
  const failAll = (err: Error) => {
    dead = err;
    waiting?.fail(err);
    waiting = null;
  };
  worker.on('message', (a: DocumentAnswer) => {
    const w = waiting;
    waiting = null;
    if (a.ok) w?.ok();
    else w?.fail(new Error(`report document failed in its thread: ${a.message}`));
  });
  worker.on('error', (err) =>
    failAll(new Error(`report document thread failed: ${err.message}`, { cause: err })),
  );
  worker.on('exit', (code) => failAll(new Error(`report document thread exited (code ${code})`)));
  const answer = () =>
    new Promise<void>((ok, fail) => {
      if (dead) fail(dead);
      else waiting = { ok, fail };
    });
  const send = async (m: DocumentMessage) => {
    const done = answer();
    worker.postMessage(m);
    await done;
  };
  const abort = async () => {
    await worker.terminate();
  };
  try {
    await answer(); // the module is loaded
    await send({ op: 'begin', head, path });
  } catch (err) {
    await abort();
    throw err;
  }
  return {
    path,
    table: (table) => send({ op: 'table', table }),
    rows: (rows) => send({ op: 'rows', rows }),
    note: (note) => send({ op: 'note', note }),
    async end() {
      await send({ op: 'end' });
      await worker.terminate();
    },
    abort,
  };
}
