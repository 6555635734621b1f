import type { ServerResponse } from 'node:http';
import { loadConfig } from './config.js';
import { createPagewright } from './app.js';

/** How long requests under way (an import, a publish) may still take once a stop signal came. */
const DRAIN_MS = 8_000;
/** Past this the process exits whatever is left, so a stop never takes more than 10 seconds. */
const HARD_STOP_MS = 9_500;

const config = loadConfig();
const pagewright = createPagewright(config);
const { server } = pagewright;
const log = pagewright.deps.log;

// Requests under way, so a stop waits for them. Listening before Express does: once stopping, every
// answer says `Connection: close`, so keep-alive connections end with the request they carry.
const underWay = new Set<ServerResponse>();
let stopping = false;
let drained: (() => void) | null = null;
server.prependListener('request', (_req, res: ServerResponse) => {
  underWay.add(res);
  if (stopping) res.setHeader('Connection', 'close');
  res.once('close', () => {
    underWay.delete(res);
    if (underWay.size === 0) drained?.();
  });
});

pagewright.start().then(
  (address) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    log.info({ address, database: where, pid: process.pid }, 'Pagewright is running');
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

/**
 * Graceful stop: no new connections, WebSockets closed with 1001 "Server shutting down" (the realtime
 * channel's close), requests under way finish (up to DRAIN_MS), then the database, Redis and the
 * bus are closed and the process exits 0. A second signal exits at once.
 */
async function stop(signal: NodeJS.Signals): Promise<void> {
  stopping = true;
  server.close();
  server.closeIdleConnections();
  for (const res of underWay) if (!res.headersSent) res.setHeader('Connection', 'close');
  log.info({ signal, inFlight: underWay.size }, 'stopping: no new connections; letting the requests under way finish');
  setTimeout(() => {
    log.error('stopping took too long; exiting now');
    process.exit(1);
  }, HARD_STOP_MS).unref();
  if (underWay.size > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (drained = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
    ]);
    clearTimeout(timer);
    if (underWay.size > 0) log.warn({ inFlight: underWay.size }, `requests still under way after ${DRAIN_MS} ms are cut off`);
  }
  await pagewright.close();
  log.info('stopped');
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn({ signal }, 'second stop signal: exiting at once');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    void stop(signal).catch((error: unknown) => {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    });
  });
}
