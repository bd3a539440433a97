// `npm run dev`: the API with reload on change (port 8080) and Vite with hot reload (port 5173),
// which proxies /api to the API.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: '' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
