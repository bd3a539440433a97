// A probe round's sockets run in a worker thread: opening and closing 20,000 connections every
// interval took the API's event loop the CPU its requests needed (bench/README.md, probe round).
// The thread is started per round, gets the targets, and answers every result in target order.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createOutboundPolicy, type OutboundPolicy } from '../../lib/outbound-address';
import type { ProbeResult, ProbeTarget } from './camera-health.repository';
import { probeMany } from './camera-probe';

type Result = ProbeResult & { companyId: string };

interface Job {
  targets: ProbeTarget[];
  /** The operator's allowed networks: the thread builds its own policy (functions do not cross). */
  allowedNetworks: string[];
  timeoutMs: number;
  concurrency: number;
  entry: string;
  tsx: string;
}

// The thread's first code: registers tsx (so it can load this TypeScript file, whether the parent
// runs under tsx or under vitest), then loads this file, whose last lines run the job.
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

export async function probeInWorker(
  policy: OutboundPolicy,
  targets: ProbeTarget[],
  opts: { timeoutMs: number; concurrency: number; signal?: AbortSignal | undefined },
): Promise<Result[]> {
  if (targets.length === 0) return [];
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: {
      targets,
      allowedNetworks: [...policy.allowedNetworks],
      timeoutMs: opts.timeoutMs,
      concurrency: opts.concurrency,
      entry: import.meta.url,
      tsx: tsxApi,
    } satisfies Job,
  });
  return new Promise<Result[]>((resolve, reject) => {
    // Shutdown: stop probing at once; the round writes nothing more.
    const abort = () => void worker.terminate();
    opts.signal?.addEventListener('abort', abort, { once: true });
    let answered = false;
    worker.once('message', (results: Result[]) => {
      answered = true;
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', () => {
      opts.signal?.removeEventListener('abort', abort);
      if (!answered) resolve([]);
    });
  });
}

if (!isMainThread && parentPort && (workerData as Job | undefined)?.targets) {
  const job = workerData as Job;
  // Names resolve within the probe's timeout, like a connection does.
  const policy = createOutboundPolicy({
    allowedNetworks: job.allowedNetworks,
    resolveTimeoutMs: job.timeoutMs,
  });
  parentPort.postMessage(await probeMany(policy, job.targets, job.timeoutMs, job.concurrency));
}
