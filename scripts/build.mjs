// `npm run build`: the web app (vite, into web/dist) and the server (esbuild, into server/dist).
// `npm start` runs `node scripts/build.mjs --if-stale` first: each half is built only when its output
// is missing or older than its sources, so a start after `git pull` rebuilds what changed and a plain
// restart starts at once. Then `exec node server/dist/main.js` replaces the shell: the server is the
// process npm waits for, with nothing in between.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildServer, isStale as serverIsStale } from '../server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Files only: `web/` itself changes time whenever `npm ci` recreates its node_modules.
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** The web build is out of date when web/dist has no index.html or one older than the app's sources or the SDK. */
function webIsStale() {
  let built;
  try {
    built = fs.statSync(path.join(root, 'web', 'dist', 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return [path.join(root, 'web'), path.join(root, 'sdk', 'src'), path.join(root, 'package-lock.json')].some(
    (input) => newestMtime(input) > built,
  );
}

// With WEB_DIST the server serves a web build made elsewhere: `npm start` leaves web/dist alone.
if (!ifStale || (!process.env.WEB_DIST && webIsStale())) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const web = spawnSync(npm, ['run', 'build', '--workspace', 'web', '--if-present'], { cwd: root, stdio: 'inherit' });
  if (web.status !== 0) process.exit(web.status ?? 1);
}
if (!ifStale || serverIsStale()) {
  const { ms } = await buildServer().catch(() => process.exit(1)); // esbuild has printed the errors
  console.log(`server built into server/dist in ${ms} ms`);
}
