// A server of its own for the newcomer's journey: a fresh data folder and `--demo`, exactly what
// `npm run demo` runs, with the login read from what it prints (as a newcomer reads it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface DemoServer {
  baseUrl: string;
  email: string;
  password: string;
  /** Everything the process printed on standard output. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `server.ts --demo` on an empty data folder; resolves once the login is printed and ready. */
export async function startDemoServer(root: string, extraArgs: string[] = []): Promise<DemoServer> {
  // While writing a spec: E2E_DEMO_URL points at a demo already running (its login is the demo's).
  const running = process.env.E2E_DEMO_URL;
  if (running) {
    const login = { email: 'demo@vigie-securite.fr', password: 'demo1234' };
    return {
      baseUrl: running,
      ...login,
      output: () => 'Société de démonstration créée',
      stop: async () => {},
    };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigie-demo-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/server.ts', '--demo', ...extraArgs],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Its own alarm receiver on a free port (the run's other server may hold another).
        ALARM_RECEIVER_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(r, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          r(undefined);
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 110_000;
  // « Connexion : http://localhost:8080/login — demo@… / demo1234 »
  const loginLine = /Connexion : \S+ — (\S+@\S+) \/ (\S+)/;
  for (;;) {
    const login = loginLine.exec(out);
    if (login) {
      try {
        const r = await fetch(`${baseUrl}/api/ready`);
        if (r.ok)
          return {
            baseUrl,
            email: login[1] as string,
            password: login[2] as string,
            output: () => out,
            stop,
          };
      } catch {
        // not listening yet
      }
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the demo server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
