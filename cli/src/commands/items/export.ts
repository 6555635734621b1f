import fs from 'node:fs';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, type Context } from '../../lib/command.js';
import { allItems, csvCell, collectionOption, getCollection } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';
import { FORMATS, formatOfName, type Format } from '../../lib/records.js';
import { queryFlags, queryOf, type QueryOptions } from './list.js';

export interface ExportOptions extends QueryOptions {
  site: string;
  collection: string;
  format?: Format;
  out?: string;
}

/** Where the export goes: stdout, or a file written as a stream (waiting when it is full). */
function sinkOf(deps: Deps, out: string | undefined) {
  if (!out) return { write: async (text: string) => void deps.out.write(text), close: async () => undefined };
  const stream = fs.createWriteStream(out);
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (error) => reject(new CliError(`cannot write ${out}: ${error.message}`))),
  );
  failed.catch(() => undefined);
  return {
    async write(text: string) {
      if (!stream.write(text)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), failed]);
    },
    close: () => Promise.race([new Promise<void>((resolve) => stream.end(() => resolve())), failed]),
  };
}

/**
 * Writes every item (all pages, sorted, filtered and searched like `items list`) as CSV (a header of
 * `_id` and the field keys; lists one entry a line, objects as JSON, so `items import` reads it back),
 * a JSON array or NDJSON. The format comes from --format, else the --out extension, else JSON.
 */
export async function run(opts: ExportOptions, deps: Deps): Promise<void> {
  const format: Format = opts.format ?? (opts.out ? formatOfName(opts.out) : null) ?? 'json';
  const api = signedIn(deps);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  const columns = ['_id', ...fields.map((f) => f.id)];
  // Loaded when needed, so the other commands start faster.
  const { stringify } = await import('csv-stringify/sync');
  const sink = sinkOf(deps, opts.out);
  let count = 0;
  try {
    if (format === 'json') await sink.write('[');
    for await (const { items } of allItems(api, opts.site, opts.collection, queryOf(opts))) {
      if (format === 'csv') {
        await sink.write(
          stringify(
            items.map((item) => columns.map((c) => csvCell(item[c]))),
            { header: count === 0, columns },
          ),
        );
      } else if (format === 'ndjson') {
        await sink.write(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
      } else {
        await sink.write(items.map((item, i) => `${count + i === 0 ? '\n' : ',\n'}  ${JSON.stringify(item)}`).join(''));
      }
      count += items.length;
    }
    if (format === 'csv' && count === 0) await sink.write(stringify([], { header: true, columns }));
    if (format === 'json') await sink.write(count ? '\n]\n' : ']\n');
  } finally {
    await sink.close();
  }
  say(
    deps,
    `Exported ${count} ${count === 1 ? 'item' : 'items'} of ${opts.collection}${opts.out ? ` to ${opts.out}` : ''} as ${format.toUpperCase()}`,
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('export')
    .description("Write a collection's items as CSV, JSON or NDJSON, every page")
    .addOption(siteOption())
    .addOption(collectionOption())
    .addOption(new Option('--format <format>', 'the format (default: from --out, else json)').choices(FORMATS))
    .option('-o, --out <file>', 'write to a file instead of stdout')
    .addOption(queryFlags.sort())
    .addOption(queryFlags.order())
    .addOption(queryFlags.filter())
    .addOption(queryFlags.where())
    .addOption(queryFlags.search())
    .addOption(queryFlags.language())
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items export -c products --out products.csv --site shop.example.com',
    'pagewright items export -c products --format ndjson --filter category:Shoes --site shop.example.com | jq .title',
  );
}
