import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { allItems, cellText, collect, collectionOption, getCollection, positiveInt, type Item } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';
import { printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface QueryOptions {
  sort?: string;
  order?: 'asc' | 'desc';
  filter?: string[];
  where?: string;
  search?: string;
  language?: string;
}

export interface ListOptions extends QueryOptions {
  site: string;
  collection: string;
  limit: number;
  offset: number;
  json?: JsonOption;
}

const LEGACY = /^[A-Za-z_][A-Za-z0-9_]*:/;
const CLAUSE = /^([A-Za-z_][A-Za-z0-9_]*)\s*(<=|>=|!=|\^=|<|>|=|~)\s*(.*)$/s;
const OPERATOR: Record<string, string> = {
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  '=': 'eq',
  '!=': 'neq',
  '~': 'contains',
  '^=': 'startsWith',
};

/**
 * `--filter` clauses as the API's `filter` (`field:value`, as before) and `where` conditions:
 * `price<20`, `price>=5`, `day>2026-01-01`, `kind=Shoes`, `kind!=Shoes`, `kind=Shoes|Hats` (one of),
 * `kind!=Shoes|Hats` (none of), `title~linen` (contains), `title^=Lin` (starts with), `image=` (empty),
 * `image!=` (not empty). Values are sent as text; the server reads them by the field's type.
 */
export function filterQuery(filters: readonly string[], where: string | undefined): { filter?: string[]; where?: string } {
  const legacy: string[] = [];
  const conditions: unknown[] = [];
  for (const clause of filters) {
    if (LEGACY.test(clause)) {
      legacy.push(clause);
      continue;
    }
    const match = CLAUSE.exec(clause.trim());
    if (!match) throw new CliError(`--filter "${clause}" is field:value, or a field, one of = != < <= > >= ~ ^= and a value`);
    const [, field, op, value] = match as unknown as [string, string, string, string];
    let condition: unknown;
    if ((op === '=' || op === '!=') && value === '') condition = op === '=' ? { empty: true } : { notEmpty: true };
    else if ((op === '=' || op === '!=') && value.includes('|')) condition = { [op === '=' ? 'in' : 'nin']: value.split('|') };
    else condition = { [OPERATOR[op]!]: value };
    conditions.push(Object.fromEntries([[field, condition]]));
  }
  if (where !== undefined) {
    try {
      conditions.push(JSON.parse(where));
    } catch {
      throw new CliError('--where must be JSON, e.g. \'{"or":[{"price":{"lt":20}},{"kind":"Hats"}]}\'');
    }
  }
  return {
    ...(legacy.length ? { filter: legacy } : {}),
    ...(conditions.length ? { where: JSON.stringify(conditions.length === 1 ? conditions[0] : { and: conditions }) } : {}),
  };
}

/** The items GET's query from the shared flags. */
export function queryOf(opts: QueryOptions) {
  return {
    ...(opts.sort ? { sort: opts.sort } : {}),
    ...(opts.order ? { order: opts.order } : {}),
    ...filterQuery(opts.filter ?? [], opts.where),
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
      '--filter <clause>',
      'only items that match: field:value, or field with = != < <= > >= ~ (contains) ^= (starts with) and a value, e.g. price<20, kind=Shoes|Hats, image!= (repeatable: all must hold)',
    ).argParser(collect),
  where: () => new Option('--where <json>', "a filter in the API's JSON language (and, or, not; see the items GET in openapi.yaml)"),
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
  if (opts.json) return printJson(deps, { items, total, offset: opts.offset, limit: opts.limit }, opts.json);
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
    .addOption(queryFlags.where())
    .addOption(queryFlags.search())
    .addOption(queryFlags.language())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items list --collection products --site shop.example.com',
    'pagewright items list -c products --sort price --order desc --filter category:Shoes --limit 20 --site shop.example.com',
    "pagewright items list -c products --filter 'price<20' --filter 'published=true' --sort released --order desc --site shop.example.com",
    `pagewright items list -c products --where '{"or":[{"category":"Hats"},{"tags":{"empty":true}}]}' --site shop.example.com`,
    'pagewright items list -c products --search linen --json --site shop.example.com | jq ".items[].title"',
  );
}
