import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collectionOption, getCollection, titleOf } from '../../lib/content.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { printJson, printTable, yesNo, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  site: string;
  collection: string;
  json?: JsonOption;
}

/** Lists a collection's fields in order: name, title, type, options (enum categories), required, hidden, localizable. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const { fields } = await getCollection(signedIn(deps), opts.site, opts.collection);
  if (opts.json) return printJson(deps, fields, opts.json);
  printTable(
    deps,
    ['name', 'title', 'type', 'options', 'required', 'hidden', 'localizable'],
    fields.map((f) => [
      f.id,
      titleOf(f),
      f.type,
      Array.isArray(f.options) ? f.options.join(', ') : '',
      yesNo(f.required === true),
      yesNo(f.hidden === true),
      yesNo(f.localizable === true),
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a collection's fields")
    .addOption(siteOption())
    .addOption(collectionOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright fields list --collection products --site shop.example.com',
    'pagewright fields list -c products --site shop.example.com --json | jq -r ".[].id"',
  );
}
