// How `pagewright` starts. Run straight through tsx, every command start spends about half a second in
// tsx's module loader, once per source file. So the sources (cli/src and the SDK's) are bundled once
// with esbuild into node_modules/.cache/pagewright-cli/<fingerprint>/ and that bundle is what runs
// while no source file changes; a change makes a new fingerprint and a new bundle on the next start.
// When the bundle can't be made or written (a read-only install), tsx runs the sources as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(cliRoot, 'src', 'main.ts');

/** The folders whose files make up the bundle: the CLI's sources and the SDK's. */
function sourceDirs() {
  const sdkEntry = fileURLToPath(import.meta.resolve('@pagewright/sdk'));
  return [path.join(cliRoot, 'src'), path.dirname(sdkEntry)];
}

/** A hash of every source file's path, size and modification time, and of the CLI's package.json. */
function fingerprint(dirs) {
  const hash = crypto.createHash('sha256');
  hash.update(process.version);
  hash.update(fs.readFileSync(path.join(cliRoot, 'package.json')));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) {
        const stat = fs.statSync(full);
        hash.update(`${full}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/** Bundles the sources into `dir` (written beside it first, then renamed into place whole). */
async function bundle(dir) {
  const { build } = await import('esbuild');
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, '.building-'));
  try {
    await build({
      entryPoints: { main: entry },
      outdir: staging,
      bundle: true,
      splitting: true, // the commands' lazy imports (ink, the terminal UI) stay lazy
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'silent',
      plugins: [
        {
          name: 'packages-stay-external',
          setup(b) {
            // Our own SDK is TypeScript and goes into the bundle; installed packages are loaded as usual.
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@pagewright/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Another start made the same bundle first: use that one.
      if (!fs.existsSync(path.join(dir, 'main.js'))) throw error;
      fs.rmSync(staging, { recursive: true, force: true });
    }
    for (const old of fs.readdirSync(parent)) {
      if (old !== path.basename(dir) && !old.startsWith('.building-')) fs.rmSync(path.join(parent, old), { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The CLI's `main`, from the cached bundle when there is (or can be) one, else through tsx. */
export async function loadMain() {
  if (process.env.PAGEWRIGHT_CLI_CACHE !== 'off') {
    try {
      const cache = process.env.PAGEWRIGHT_CLI_CACHE || path.join(cliRoot, 'node_modules', '.cache', 'pagewright-cli');
      const dir = path.join(cache, fingerprint(sourceDirs()));
      const bundled = path.join(dir, 'main.js');
      if (!fs.existsSync(bundled)) await bundle(dir);
      return (await import(pathToFileURL(bundled).href)).main;
    } catch {
      // Fall through to tsx: the CLI works without the cache, only slower to start.
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/main.ts')).main;
}
