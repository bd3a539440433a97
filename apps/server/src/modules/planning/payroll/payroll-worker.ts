// The payroll workbook is built in a worker thread: exceljs blocks its thread's CPU for seconds on a
// big month (2.8 s for 10,000 rows, see the DESIGN), which the HTTP event loop cannot afford.
// One thread per export: it gets the input (Dates survive the structured clone), answers the file
// and is terminated. Bootstrap copied from cameras/camera-probe-worker.ts: the thread registers tsx,
// then loads this very file, whose last lines build the workbook; this works whether the parent runs
// under tsx (the app) or under vitest (tests).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { PayrollInput } from './payroll-hours.js';

interface Job {
  /** Marks this module's own threads (another thread must not run the job below). */
  payrollJob: true;
  input: PayrollInput;
  entry: string;
  tsx: string;
}

type Answer = { ok: true; file: Uint8Array } | { ok: false; message: string };

const bootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;
// tsx's ESM entry of its API, read from its package's exports (its CommonJS entry, imported from a
// thread's bootstrap, looks for its loader in the wrong folder).
const tsxApi = (() => {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = require(pkgFile) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api']?.import.default ?? '')).href;
})();

/** Builds the payroll workbook (buildPayrollWorkbook) in a worker thread. Rejects if the thread fails. */
export function generatePayrollInWorker(input: PayrollInput): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const job: Job = { payrollJob: true, input, entry: import.meta.url, tsx: tsxApi };
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
        else reject(new Error(`Payroll export failed in its worker: ${answer.message}`));
      }),
    );
    worker.once('error', (err) =>
      settle(() => reject(new Error(`Payroll export worker failed: ${err.message}`, { cause: err }))),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`Payroll export worker exited (code ${code}) without a file`))),
    );
  });
}

if (!isMainThread && parentPort && (workerData as Partial<Job> | undefined)?.payrollJob === true) {
  const port = parentPort;
  const job = workerData as Job;
  try {
    // Loaded here only: the parent thread never needs exceljs.
    const { buildPayrollWorkbook } = await import('./payroll-workbook.js');
    const buffer = await buildPayrollWorkbook(job.input);
    // A buffer of its own memory, so it can be transferred instead of copied.
    const file = new Uint8Array(buffer.byteLength);
    file.set(buffer);
    port.postMessage({ ok: true, file } satisfies Answer, [file.buffer]);
  } catch (err) {
    port.postMessage({
      ok: false,
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    } satisfies Answer);
  }
}
