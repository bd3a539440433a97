// Documents (XLSX, PDF, CSV of thousands of rows) are built in a worker thread: exceljs blocks its
// thread's CPU for seconds on a big file (2.8 s for 10,000 rows on a 2-core machine), which the HTTP
// event loop cannot afford. One thread per document: it loads the builder's module, calls the named
// export with the input (Dates survive the structured clone), answers the file and is terminated.
// The thread registers tsx, then imports the builder's module: this works whether the parent runs
// under tsx (the app) or under vitest (tests).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

interface Job {
  entry: string;
  name: string;
  input: unknown;
  tsx: string;
}

type Answer = { ok: true; file: Uint8Array } | { ok: false; message: string };

const bootstrap = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  try {
    const tsx = await import(workerData.tsx);
    tsx.register();
    const mod = await import(workerData.entry);
    const buffer = await mod[workerData.name](workerData.input);
    // A buffer of its own memory, so it can be transferred instead of copied.
    const file = new Uint8Array(buffer.byteLength);
    file.set(buffer);
    parentPort.postMessage({ ok: true, file }, [file.buffer]);
  } catch (err) {
    parentPort.postMessage({ ok: false, message: err && err.stack ? err.stack : String(err) });
  }
})();
`;
// tsx's ESM entry of its API, read from its package's exports (its CommonJS entry, imported from a
// thread's bootstrap, looks for its loader in the wrong folder).
export const tsxApi = (() => {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = require(pkgFile) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api']?.import.default ?? '')).href;
})();

/**
 * Runs `name(input)` of the module at `entry` (an `import.meta.url`, or a URL resolved from one) in
 * a worker thread; resolves to the Buffer it returns. Rejects if the builder throws or the thread dies.
 */
export function buildInWorker<I>(entry: string, name: string, input: I, what = 'document'): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const job: Job = { entry, name, input, tsx: tsxApi };
    let worker: Worker;
    try {
      worker = new Worker(bootstrap, { eval: true, workerData: job });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once('message', (answer: Answer) =>
      settle(() => {
        if (answer.ok)
          resolve(Buffer.from(answer.file.buffer, answer.file.byteOffset, answer.file.byteLength));
        else reject(new Error(`${what} failed in its worker: ${answer.message}`));
      }),
    );
    worker.once('error', (err) =>
      settle(() => reject(new Error(`${what} worker failed: ${err.message}`, { cause: err }))),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`${what} worker exited (code ${code}) without a file`))),
    );
  });
}
