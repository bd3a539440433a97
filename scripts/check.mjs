// `npm run check`: the fast loop — types of every workspace, Biome lint, migration drift — side by
// side. No build and no tests (`npm run test:unit`, `test:api`, `test:slow`, `npm test`).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTasks, runParallel } from './parallel.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const failed = await runParallel(checkTasks, { cwd: root });
process.exit(failed.length ? 1 : 0);
