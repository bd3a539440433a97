// Starts the real server (built web app + API) on a fresh embedded database for the whole run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'vigie-e2e-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: project.config.root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Cameras are probed every second, so specs see a status change within a few seconds.
      CAMERA_PROBE_INTERVAL_MS: '1000',
      // The specs' fake cameras listen on 127.0.0.1: opened as an operator opens a network.
      CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
      // A missed lone-worker check-in alerts 5 s after its due time (2 minutes in production).
      LONE_WORKER_GRACE_MS: '5000',
      // An alarm's clip lasts 4 s (60 s in production): the video spec sees it finished.
      VIDEO_ALARM_CLIP_SECONDS: '4',
      // The specs register a company each from 127.0.0.1 (10 per hour and address in production).
      REGISTER_LIMIT_PER_HOUR: '100000',
      // The alarm receiver on a free port: a developer's `npm start` may hold 12000.
      ALARM_RECEIVER_PORT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/ready`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
