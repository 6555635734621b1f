// `npm run backup -- <file>` and `npm run restore -- <file>` (server commands, issue 17 item 6): the
// whole instance the environment configures (DATABASE_URL or the SQLite file under DATA_DIR, and
// STORAGE_URL or DATA_DIR/files) written to one archive, or read from one into a fresh instance.
// Moving from SQLite to PostgreSQL: `npm run backup -- site.pwbackup`, then
// `DATABASE_URL=postgres://… npm run restore -- site.pwbackup`.
import fs from 'node:fs';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './db/knex.js';
import { createStorage, storageSpec } from './engines/storage.js';
import { readBackup, RestoreRefused, writeBackup } from './admin/backup.js';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  process.stderr.write('usage: npm run backup -- <file>   |   npm run restore -- <file>\n');
  process.exit(1);
}

const config = loadConfig();
const db = openDatabase(config);
const storage = createStorage(storageSpec(config));
const where = `${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}, files in ${storage.description}`;

try {
  await migrate(db);
  if (command === 'backup') {
    const { rows, files } = await writeBackup(db, storage, fs.createWriteStream(file));
    process.stderr.write(`Wrote ${file}: ${rows} rows and ${files} files from ${where}\n`);
  } else {
    const { rows, files } = await readBackup(db, storage, fs.createReadStream(file));
    process.stderr.write(`Restored ${rows} rows and ${files} files from ${file} into ${where}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof RestoreRefused ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
