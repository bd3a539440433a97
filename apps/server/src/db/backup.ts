// Backup and restore of the embedded database (PGlite is not power-loss safe: back it up).
//   npm run backup -- save  ./vigie-backup.tar.gz    (server stopped)
//   npm run backup -- restore ./vigie-backup.tar.gz  (server stopped; DATA_DIR must be empty or absent)
// On PostgreSQL use pg_dump / pg_restore instead.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';

const [command, file] = process.argv.slice(2);
const config = loadConfig();

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL est défini : sauvegardez PostgreSQL avec pg_dump et restaurez avec pg_restore.',
  );
  process.exit(1);
}
if (!file || (command !== 'save' && command !== 'restore')) {
  console.error('Usage : npm run backup -- save|restore <fichier.tar.gz>');
  process.exit(1);
}

if (command === 'save') {
  const db = await PGlite.create({ dataDir: config.dataDir });
  const dump = await db.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  console.log(`Sauvegarde écrite : ${file}`);
} else {
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0) {
    console.error(`Le dossier ${config.dataDir} n'est pas vide : déplacez-le avant de restaurer.`);
    process.exit(1);
  }
  const archive = new Blob([readFileSync(file)]);
  const db = await PGlite.create({ dataDir: config.dataDir, loadDataDir: archive });
  await db.query('select 1');
  await db.close();
  console.log(`Base restaurée dans ${config.dataDir}`);
}
