import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collect, collectionOption, getCollection, itemBody, itemId } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface UpdateOptions {
  site: string;
  collection: string;
  data?: string;
  set?: string[];
  json?: JsonOption;
}

/** Changes the values it names (`--set field=` or null in --data clears one); the others stay. */
export async function run(id: number, opts: UpdateOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  const body = itemBody(fields, opts.data, opts.set ?? []);
  if (Object.keys(body).length === 0)
    throw new CliError('give the values to change with --data \'{"field":"value"}\' or --set field=value');
  const item = unwrap(
    await api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', {
      params: { path: { siteId: opts.site, collection: opts.collection, itemId: id } },
      body,
    }),
  );
  if (opts.json) return printJson(deps, item, opts.json);
  say(deps, `Updated item ${id} in ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('update')
    .description("Change an item's values")
    .argument('<id>', 'the item id', itemId)
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--data <json>', 'the values to change as a JSON object (null clears one)')
    .option('--set <field=value>', "one value, read as the field's type; field= clears it (repeatable; wins over --data)", collect)
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items update 12 -c products --set price=39 --site shop.example.com',
    'pagewright items update 12 -c products --data \'{"published":false}\' --site shop.example.com',
  );
}
