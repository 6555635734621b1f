// One Pagewright instance in a process of its own, configured by its environment like `npm start`;
// tests/api/selfhost-instances.test.ts starts two of them. Tells its parent its address over IPC and
// closes when the parent says so (or goes away).
import { pino } from 'pino';
import { createPagewright, loadConfig } from '../../server/src/index.js';

const pagewright = createPagewright(loadConfig(process.env), pino({ level: process.env.LOG_LEVEL ?? 'silent' }));
const close = () => void pagewright.close().finally(() => process.exit(0));
pagewright.start().then(
  (url) => process.send!({ url }),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('message', (message) => message === 'close' && close());
process.on('disconnect', close);
