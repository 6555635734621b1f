import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collect, collectionOption, getCollection, itemBody } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface CreateOptions {
  site: string;
  collection: string;
  data?: string;
  set?: string[];
  json?: JsonOption;
}

/** Creates an item from `--data` JSON and `--set field=value` (coerced to the field's type); prints its id. */
export async function run(opts: CreateOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  const body = itemBody(fields, opts.data, opts.set ?? []);
  if (Object.keys(body).length === 0) throw new CliError('give the values with --data \'{"field":"value"}\' or --set field=value');
  const created = unwrap(
    await api.POST('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId: opts.site, collection: opts.collection } },
      body,
    }),
  );
  if (opts.json) return printJson(deps, created, opts.json);
  deps.out.write(`${created.itemId}\n`);
  say(deps, `Created item ${created.itemId} in ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('create')
    .description('Create an item')
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--data <json>', 'the values as a JSON object')
    .option('--set <field=value>', "one value, read as the field's type (repeatable; wins over --data)", collect)
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items create -c products --set title="Linen shirt" --set price=49 --site shop.example.com',
    'pagewright items create -c products --data \'{"title":"Linen shirt","price":49}\' --site shop.example.com',
  );
}
