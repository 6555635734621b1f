import { loadConfig } from './config.js';
import { createPagewright } from './app.js';

const config = loadConfig();
const pagewright = createPagewright(config);
const log = pagewright.deps.log;

pagewright.start().then(
  (address) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    log.info({ address, database: where }, 'Pagewright is running');
    process.stdout.write(`\n  Pagewright is running at ${address}  (API docs: ${address}/api/docs)\n\n`);
  },
  (error: unknown) => {
    log.fatal({ err: error }, 'Pagewright could not start');
    process.exit(1);
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    pagewright.close().finally(() => process.exit(0));
  });
}
