// Process entry only: configuration, database, listen, graceful shutdown.

import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import type { RunningSimulator } from './demo/simulator';

const config = loadConfig();
const logger = {
  level: config.logLevel,
  // Tokens travel in this header: never log it.
  redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
};

const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  appDatabaseUrl: config.appDatabaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  poolWaitMs: config.databasePoolWaitMs,
  poolMaxWaiting: config.databasePoolMaxWaiting,
  onPoolError: (err) => app.log.warn({ err }, 'database connection error'),
});
const app = await buildApp({ config, db, logger });

// `npm run demo` (or `npm start -- --demo`): seed the demo company once and print its login.
if (process.argv.includes('--demo')) {
  // The demo's seed and simulator are loaded only for a demo (sharp and their data stay out of a
  // production server's memory).
  const { DEMO_LOGIN, seedDemo } = await import('./db/seeds/demo');
  const created = await seedDemo(db, app.secrets, { log: (line) => app.log.info(line) });
  console.log(
    `\n${created ? 'Société de démonstration créée' : 'Société de démonstration déjà présente'}.\n` +
      `Connexion : http://localhost:${config.port}/login — ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`,
  );
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Vigie écoute sur http://localhost:${config.port} (base ${db.engine === 'pglite' ? `embarquée ${config.dataDir}` : 'PostgreSQL'})`,
);

// The demo is alive: its devices talk to the device API over HTTP until the app stops.
let simulator: RunningSimulator | null = null;
if (process.argv.includes('--demo') && !process.argv.includes('--no-simulate')) {
  try {
    // `--simulator-alarms=20-40`: seconds between two alarms of the panels, instead of a few an
    // hour (the end-to-end tests wait for one).
    const alarms = /^--simulator-alarms=(\d+)-(\d+)$/.exec(
      process.argv.find((a) => a.startsWith('--simulator-alarms=')) ?? '',
    );
    const [{ DEMO_LOGIN }, { startSimulator }] = await Promise.all([
      import('./db/seeds/demo'),
      import('./demo/simulator'),
    ]);
    simulator = await startSimulator({
      baseUrl: `http://127.0.0.1:${config.port}`,
      login: DEMO_LOGIN,
      log: (line) => app.log.warn(line),
      ...(alarms ? { intervals: { alarmMs: [Number(alarms[1]) * 1000, Number(alarms[2]) * 1000] } } : {}),
    });
    const s = simulator.setup;
    console.log(
      `Simulateur d'appareils en marche : ${s.panels.length} centrales d'alarme, ${s.readers.length} lecteurs de badges, ` +
        `${s.handsets.length} radios, ${s.cameraPorts.length} caméras sur 127.0.0.1.\n` +
        'Pour une démo sans simulateur : npm run demo -- --no-simulate\n',
    );
  } catch (err) {
    app.log.warn({ err }, "simulateur d'appareils non démarré");
  }
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} reçu, arrêt en cours`);
    await simulator?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  });
}
