import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { isPlain, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  site: string;
  internal?: boolean;
  json?: JsonOption;
}

/** Lists the site's collections in order: id, name, icon, fields, items. Internal ones only with --internal. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const query = { internal: opts.internal ? ('true' as const) : ('false' as const) };
  const collections = unwrap(await signedIn(deps).GET('/sites/{siteId}/content', { params: { path: { siteId }, query } }));
  if (opts.json) return printJson(deps, collections, opts.json);
  printTable(
    deps,
    ['id', 'name', 'icon', 'fields', 'items'],
    collections.map((c) => [c.id, c.name, c.icon, String(c.fields.length), String(c.count)]),
  );
  if (collections.length === 0 && !isPlain(deps)) say(deps, 'No collections. Create one with: pagewright collections create <id>');
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's collections with their field and item counts")
    .addOption(siteOption())
    .option('--internal', 'include the internal collections (_social, _pages, …)')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collections list --site shop.example.com',
    'pagewright collections list --site shop.example.com --json | jq -r ".[].id"',
  );
}
