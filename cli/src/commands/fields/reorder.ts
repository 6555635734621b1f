import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collectionOption, getCollection, positiveInt } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface ReorderOptions {
  site: string;
  collection: string;
  to?: number;
  after?: string;
  json?: JsonOption;
}

/**
 * Moves a field to a place in the collection's order (POST …/sort/fields): `--to 1` is the first
 * place, `--after title` right after that field. Prints the fields in their new order.
 */
export async function run(field: string, opts: ReorderOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const { fields } = await getCollection(api, opts.site, opts.collection);
  const ids = fields.map((f) => f.id);
  const fromIndex = ids.indexOf(field);
  if (fromIndex < 0) throw new CliError(`${opts.collection} has no field ${field}`, undefined, `Its fields: ${ids.join(', ')}`);
  if ((opts.to === undefined) === (opts.after === undefined))
    throw new CliError('say where: --to <place> (1 is the first) or --after <field>');
  let toIndex: number;
  if (opts.after !== undefined) {
    const at = ids.indexOf(opts.after);
    if (at < 0) throw new CliError(`${opts.collection} has no field ${opts.after}`, undefined, `Its fields: ${ids.join(', ')}`);
    toIndex = at < fromIndex ? at + 1 : at;
  } else toIndex = Math.min(opts.to! - 1, ids.length - 1);
  const collection = unwrap(
    await api.POST('/sites/{siteId}/content/{collection}/sort/fields', {
      params: { path: { siteId: opts.site, collection: opts.collection } },
      body: { fromIndex, toIndex },
    }),
  );
  const order = collection.fields.map((f) => f.id);
  if (opts.json) return printJson(deps, collection.fields, opts.json);
  deps.out.write(`${order.join('\n')}\n`);
  say(deps, `Moved ${field} to place ${order.indexOf(field) + 1} of ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('reorder')
    .alias('move')
    .description("Move a field to another place in the collection's order (prints the new order)")
    .argument('<field>', 'the field key (pagewright fields list)')
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--to <place>', 'the place to move it to: 1 is the first', positiveInt('--to'))
    .option('--after <field>', 'right after this field')
    .option(...jsonFlag)
    .action(async (field, options, cmd) => run(field, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright fields reorder price --to 1 --collection products --site shop.example.com',
    'pagewright fields reorder sku --after title -c products --site shop.example.com',
    'pagewright fields move sku --to 2 -c products --site shop.example.com --json id',
  );
}
