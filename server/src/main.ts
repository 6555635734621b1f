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

// A fault that escapes a request (an 'error' event nobody listened for, a promise nobody awaited) is
// logged and the server keeps serving everyone else: one bad request must never stop the process.
process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught exception; still serving'));
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection; still serving'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    void pagewright.close().finally(() => process.exit(0));
  });
}
