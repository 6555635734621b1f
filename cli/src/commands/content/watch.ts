import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type matterType from 'gray-matter';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { coerceText, collectionOption, getCollection, positiveInt, type Field } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, ensureOk, unwrap } from '../../lib/errors.js';

export interface WatchOptions {
  site: string;
  collection: string;
  key: string;
  bodyField: string;
  delete?: boolean;
  debounce: number;
  json?: boolean;
}

const EXTENSIONS = new Set(['.json', '.md', '.markdown']);
/** Items per request of the initial sync. */
const BATCH = 1_000;

/** One change, as a line on stdout (`--json`: one JSON object a line). */
interface Change {
  action: 'created' | 'updated' | 'unchanged' | 'deleted' | 'kept' | 'rejected';
  file: string;
  key: string;
  itemId?: number;
  errors?: { field: string; message: string }[];
}

const keyOf = (file: string) => path.basename(file, path.extname(file));
const isContentFile = (file: string) => EXTENSIONS.has(path.extname(file).toLowerCase()) && !path.basename(file).startsWith('.');

/** A YAML date (front matter) as the server stores it: `YYYY-MM-DD`, with the time when it has one. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/**
 * A file's item: a JSON object's values, or a Markdown file's front matter with its body in the body
 * field. The key field gets the file name without its extension. Text values are read as their
 * field's type, as `items import` reads CSV cells.
 */
export function itemOfFile(
  matter: typeof matterType,
  file: string,
  text: string,
  fields: readonly Field[],
  opts: Pick<WatchOptions, 'key' | 'bodyField'>,
): Record<string, unknown> {
  let values: Record<string, unknown>;
  if (path.extname(file).toLowerCase() === '.json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    values = { ...(parsed as Record<string, unknown>) };
  } else {
    let parsed: matterType.GrayMatterFile<string>;
    try {
      // gray-matter caches by content; a fresh object each time keeps one file's values out of another's.
      parsed = matter(text, {});
    } catch (error) {
      throw new Error(`front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    values = { ...(parsed.data as Record<string, unknown>) };
    const body = parsed.content.replace(/^\r?\n/, '').trimEnd();
    if (body) values[opts.bodyField] = body;
  }
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.id === name);
    const read = value instanceof Date ? dateText(value) : typeof value === 'string' && field ? coerceText(field, value) : value;
    if (read !== undefined) item[name] = read;
  }
  item[opts.key] = keyOf(file);
  return item;
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
  const hashes = new Map<string, string>();
  const pending = new Set<string>();
  const removed = new Set<string>();
  const rel = (file: string) => path.relative(dir, file) || file;

  const print = (change: Change) => {
    if (opts.json) return void deps.out.write(`${JSON.stringify(change)}\n`);
    const id = change.itemId !== undefined ? ` #${change.itemId}` : '';
    if (change.action === 'rejected') {
      const reasons = (change.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
      deps.out.write(`rejected\t${change.key}\t${change.file}\t${reasons}\n`);
    } else deps.out.write(`${change.action}\t${change.key}${id}\t${change.file}\n`);
  };

  /** Reads the pending files; answers those whose content changed, with their items. */
  const read = (files: string[]) => {
    const ready: { file: string; item: Record<string, unknown>; hash: string }[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        continue; // gone again before it could be read: the unlink event follows
      }
      const hash = crypto.createHash('sha256').update(text).digest('hex');
      if (hashes.get(file) === hash) continue;
      try {
        ready.push({ file, item: itemOfFile(matter, file, text, fields, opts), hash });
      } catch (error) {
        hashes.set(file, hash);
        print({
          action: 'rejected',
          file: rel(file),
          key: keyOf(file),
          errors: [{ field: '', message: error instanceof Error ? error.message : String(error) }],
        });
      }
    }
    return ready;
  };

  const send = (items: Record<string, unknown>[]) =>
    api.POST('/sites/{siteId}/content/{collection}/import', {
      params: { path: { siteId: opts.site, collection: opts.collection } },
      body: { items, upsertBy: opts.key, skipInvalid: true },
    });

  const findItem = async (key: string) => {
    const page = unwrap(
      await api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId: opts.site, collection: opts.collection }, query: { filter: [`${opts.key}:${key}`], limit: 1 } },
      }),
    );
    return page.items[0];
  };

  /** The initial sync: every file, in batches; a summary line, and a line for each rejected file. */
  const initial = async (files: string[]) => {
    const ready = read(files);
    const totals = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    for (let i = 0; i < ready.length; i += BATCH) {
      const batch = ready.slice(i, i + BATCH);
      const result = unwrap(await send(batch.map((r) => r.item)));
      totals.created += result.created;
      totals.updated += result.updated;
      totals.unchanged += result.unchanged;
      totals.rejected += result.invalid;
      const failed = new Set(result.errors.map((e) => e.index));
      batch.forEach((r, index) => {
        if (!failed.has(index)) hashes.set(r.file, r.hash);
        else
          print({
            action: 'rejected',
            file: rel(r.file),
            key: keyOf(r.file),
            errors: result.errors.filter((e) => e.index === index).map(({ field, message }) => ({ field, message })),
          });
      });
    }
    say(
      deps,
      `Synced ${ready.length} ${ready.length === 1 ? 'file' : 'files'} to ${opts.collection}: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.rejected} rejected`,
    );
  };

  /** A change: one request per file, so each line says exactly what happened to its item. */
  const flushOne = async (r: { file: string; item: Record<string, unknown>; hash: string }) => {
    const key = String(r.item[opts.key]);
    const result = unwrap(await send([r.item]));
    if (result.errors.length) {
      print({ action: 'rejected', file: rel(r.file), key, errors: result.errors.map(({ field, message }) => ({ field, message })) });
      hashes.set(r.file, r.hash);
      return;
    }
    hashes.set(r.file, r.hash);
    const action = result.created ? 'created' : result.updated ? 'updated' : 'unchanged';
    const item = await findItem(key);
    print({ action, file: rel(r.file), key, ...(item ? { itemId: item._id } : {}) });
  };

  const flushRemoved = async (file: string) => {
    hashes.delete(file);
    const key = keyOf(file);
    if (!opts.delete) return print({ action: 'kept', file: rel(file), key });
    const item = await findItem(key);
    if (!item) return;
    ensureOk(
      await api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', {
        params: { path: { siteId: opts.site, collection: opts.collection, itemId: item._id } },
      }),
    );
    print({ action: 'deleted', file: rel(file), key, itemId: item._id });
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = null;
    const changed = [...pending];
    const gone = [...removed];
    pending.clear();
    removed.clear();
    running = running.then(async () => {
      try {
        for (const r of read(changed)) await flushOne(r);
        for (const file of gone) if (!fs.existsSync(file)) await flushRemoved(file);
      } catch (error) {
        // A failed request is reported and the watch goes on; the file is sent again when it changes.
        deps.err.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, opts.debounce);
  };

  const initialFiles: string[] = [];
  let started = false;
  const watcher = watch(dir, {
    ignored: (file, stats) => Boolean(stats?.isFile() && !isContentFile(file)) || path.basename(file).startsWith('.'),
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
  });
  const onFile = (file: string) => {
    if (!isContentFile(file)) return;
    if (!started) return void initialFiles.push(file);
    removed.delete(file);
    pending.add(file);
    schedule();
  };
  watcher.on('add', onFile).on('change', onFile);
  watcher.on('unlink', (file) => {
    if (!isContentFile(file)) return;
    pending.delete(file);
    removed.add(file);
    schedule();
  });

  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  try {
    await initial(initialFiles);
  } catch (error) {
    await watcher.close();
    throw error;
  }
  started = true;
  say(deps, `Watching ${dir} for .json and .md files (key: ${opts.key}; Ctrl-C stops)`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop);
  });
  if (timer) clearTimeout(timer);
  await watcher.close();
  await running;
  say(deps, 'Stopped watching');
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
