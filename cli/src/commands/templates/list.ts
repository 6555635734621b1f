import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatPrice, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  json?: JsonOption;
}

/** Lists the template gallery (no sign-in needed). */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const templates = unwrap(await deps.api.GET('/templates'));
  if (opts.json) return printJson(deps, templates, opts.json);
  printTable(
    deps,
    ['id', 'name', 'price', 'pages', 'features'],
    templates.map((t) => [
      t.id,
      t.name,
      t.price === 0 ? 'Free' : formatPrice(t.price, 'eur'),
      String(t.pages.length),
      t.features.join(','),
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description('List the templates a site can start from')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright templates list', 'pagewright templates list --json');
}
