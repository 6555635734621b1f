import fs from 'node:fs';
import path from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collectionOption, getCollection, positiveInt } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';
import { itemOfFile, isContentFile } from './watch/files.js';
import { followFolder } from './watch/folder.js';
import { CollectionSync } from './watch/sync.js';
import type { JsonOption } from '../../lib/output.js';

export interface WatchOptions {
  site: string;
  collection: string;
  key: string;
  bodyField: string;
  delete?: boolean;
  debounce: number;
  json?: JsonOption;
}

/**
 * Keeps a collection in step with a folder: every .json and .md file is an item, found by its file name
 * in the key field. An initial sync sends every file; then changes are sent after a quiet moment
 * (--debounce), only for files whose content hash changed. Removed files delete their item only with
 * --delete. Runs until Ctrl-C (exit 0).
 */
export async function run(dir: string, opts: WatchOptions, deps: Deps, signal?: AbortSignal): Promise<void> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new CliError(`${dir} is not a folder`);
  const api = signedIn(deps);
  // Loaded here, so the other commands do not pay for them at start-up.
  const [{ watch }, { default: matter }] = await Promise.all([import('chokidar'), import('gray-matter')]);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  if (!fields.some((f) => f.id === opts.key)) {
    throw new CliError(
      `the collection ${opts.collection} has no field ${opts.key} to hold the file names`,
      1,
      `Add it (pagewright fields add ${opts.key} --type slug -c ${opts.collection}) or pick another with --key`,
    );
  }
  const sync = new CollectionSync(api, deps, opts, dir, (file, text) => itemOfFile(matter, file, text, fields, opts));
  const watcher = watch(dir, {
    ignored: (file, stats) => Boolean(stats?.isFile() && !isContentFile(file)) || path.basename(file).startsWith('.'),
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
  });
  const folder = followFolder(watcher, opts.debounce, async (changed, gone) => {
    try {
      await sync.changed(changed);
      await sync.removed(gone);
    } catch (error) {
      // A failed request is reported and the watch goes on; the file is sent again when it changes.
      deps.err.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });

  await folder.ready();
  try {
    await sync.initial(folder.initialFiles);
  } catch (error) {
    await watcher.close();
    throw error;
  }
  folder.start();
  say(deps, `Watching ${dir} for .json and .md files (key: ${opts.key}; Ctrl-C stops)`);
  await stopRequested(signal);
  await folder.stop();
  say(deps, 'Stopped watching');
}

/** Ctrl-C, a TERM signal, or the caller's abort. */
function stopRequested(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop);
  });
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('watch')
    .description('Keep a collection in step with a folder of JSON and Markdown files (front matter + body)')
    .argument('<dir>', 'the folder; each .json or .md file in it (and below) is one item')
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--key <field>', 'the field that holds the file name without its extension; items are found by it', 'slug')
    .option('--body-field <field>', "the field a Markdown file's body goes to", 'content')
    .option('--delete', 'delete the item when its file is removed (default: keep it)')
    .option('--debounce <ms>', 'wait this long after the last change before sending', positiveInt('--debounce', 0), 300)
    .option(...jsonFlag)
    .action(async (dir, options, cmd) => run(dir, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright content watch ./posts --collection posts --site blog.example.com',
    'pagewright content watch ./content/products -c products --key sku --body-field description --delete --site shop.example.com',
  );
}
