// `npm start`: builds the web app when no build exists, then runs the API and the web app in one
// process on PORT (default 8080), on the embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Aucune version construite de l’interface : construction en cours…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server's Node flags: a 1 GB heap limit, which keeps V8 from growing the heap to 4 times what
// is alive before collecting, and a 64 MB young generation for the requests' short-lived objects
// (docs/decisions/0017).
/**
 * The demo's simulated cameras listen on this machine: the demo opens loopback to the camera
 * connections the way an operator opens a network (CAMERA_ALLOWED_NETWORKS), unless the variable is
 * set. A plain start keeps the default: no internal address.
 */
function demoEnv() {
  if (!process.argv.includes('--demo') || process.env.CAMERA_ALLOWED_NETWORKS !== undefined)
    return process.env;
  return { ...process.env, CAMERA_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' };
}
const nodeFlags = JSON.parse(readFileSync(join(root, 'apps/server/node-flags.json'), 'utf8'));
const server = spawn(
  process.execPath,
  [...nodeFlags, '--import', 'tsx', join(root, 'apps/server/src/server.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: demoEnv(),
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
