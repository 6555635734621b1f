import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { allItems, cellText, collect, collectionOption, getCollection, positiveInt, type Item } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { printJson, printTable } from '../../lib/output.js';

export interface QueryOptions {
  sort?: string;
  order?: 'asc' | 'desc';
  filter?: string[];
  search?: string;
  language?: string;
}

export interface ListOptions extends QueryOptions {
  site: string;
  collection: string;
  limit: number;
  offset: number;
  json?: boolean;
}

/** The items GET's query from the shared flags. */
export function queryOf(opts: QueryOptions) {
  return {
    ...(opts.sort ? { sort: opts.sort } : {}),
    ...(opts.order ? { order: opts.order } : {}),
    ...(opts.filter?.length ? { filter: opts.filter } : {}),
    ...(opts.search ? { search: opts.search } : {}),
    ...(opts.language ? { language: opts.language } : {}),
  };
}

/** The sort, filter and search flags of the items GET (list and export take them). */
export const queryFlags = {
  sort: () => new Option('--sort <field>', 'sort by a field (or _id); default: the hand-sorted order'),
  order: () => new Option('--order <order>', 'the sort order').choices(['asc', 'desc'] as const),
  filter: () =>
    new Option(
      '--filter <field:value>',
      'only items whose field equals the value (repeatable: all must hold; field: matches empty)',
    ).argParser(collect),
  search: () => new Option('--search <text>', 'only items containing the text (field:text searches one field)'),
  language: () => new Option('--language <code>', 'the language localized values are read in'),
};

/**
 * Lists a page of items: `--limit` (any number; fetched 100 at a time) from `--offset`. One column per
 * field after the id. `--json` answers `{ items, total, offset, limit }` as the API does.
 */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const collection = await getCollection(api, opts.site, opts.collection);
  const items: Item[] = [];
  let total = 0;
  for await (const page of allItems(api, opts.site, opts.collection, queryOf(opts), opts.offset, opts.limit)) {
    items.push(...page.items);
    total = page.total;
  }
  if (opts.json) return printJson(deps, { items, total, offset: opts.offset, limit: opts.limit });
  const fields = collection.fields.map((f) => f.id);
  printTable(
    deps,
    ['_id', ...fields],
    items.map((item) => [String(item._id), ...fields.map((f) => cellText(item[f]))]),
  );
  if (items.length < total) {
    const next = opts.offset + items.length;
    say(deps, `Items ${items.length ? `${opts.offset + 1}-${next}` : 'none'} of ${total}${next < total ? `; next: --offset ${next}` : ''}`);
  }
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a collection's items, sorted, filtered and searched")
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--limit <n>', 'at most this many items', positiveInt('--limit'), 100)
    .option('--offset <n>', 'skip this many items', positiveInt('--offset', 0), 0)
    .addOption(queryFlags.sort())
    .addOption(queryFlags.order())
    .addOption(queryFlags.filter())
    .addOption(queryFlags.search())
    .addOption(queryFlags.language())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items list --collection products --site shop.example.com',
    'pagewright items list -c products --sort price --order desc --filter category:Shoes --limit 20 --site shop.example.com',
    'pagewright items list -c products --search linen --json --site shop.example.com | jq ".items[].title"',
  );
}
