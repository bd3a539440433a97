// Runs commands side by side and prints each one's output as one block when it ends (never
// interleaved), with its duration. Resolves to the labels of those that failed.
import { spawn } from 'node:child_process';

/** @param {{ label: string, cmd: string, args: string[] }[]} tasks */
export function runParallel(tasks, { cwd = process.cwd() } = {}) {
  const started = performance.now();
  return Promise.all(
    tasks.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const t0 = performance.now();
          const child = spawn(cmd, args, { cwd, env: { ...process.env, FORCE_COLOR: '1' } });
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
          });
          child.stderr.on('data', (d) => {
            out += d;
          });
          const end = (code) => {
            const s = ((performance.now() - t0) / 1000).toFixed(1);
            console.log(`\n${code === 0 ? '✔' : '✖'} ${label} (${s} s)`);
            if (out.trim()) console.log(out.trimEnd());
            resolve(code === 0 ? undefined : label);
          };
          child.on('error', (err) => {
            out += String(err);
            end(1);
          });
          child.on('close', end);
        }),
    ),
  ).then((results) => {
    const failed = results.filter(Boolean);
    const s = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${failed.length ? `✖ ${failed.join(', ')} : échec` : '✔ tout est bon'} (${s} s)`);
    return failed;
  });
}

/** The fast loop's checks: the types of every workspace, Biome, the migrations against the schema. */
export const checkTasks = [
  ...['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'].map((p) => ({
    label: `types ${p}`,
    cmd: 'npx',
    args: ['tsc', '-p', p],
  })),
  { label: 'lint (Biome)', cmd: 'npx', args: ['biome', 'check', '.'] },
  { label: 'migrations à jour avec le schéma', cmd: 'node', args: ['scripts/check-migrations.mjs'] },
];
