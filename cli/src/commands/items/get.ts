import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { cellText, collectionOption, itemId } from '../../lib/content.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, printRecord, type JsonOption } from '../../lib/output.js';

export interface GetOptions {
  site: string;
  collection: string;
  json?: JsonOption;
}

/** Prints one item: `field<TAB>value` per value (JSON with --json). */
export async function run(id: number, opts: GetOptions, deps: Deps): Promise<void> {
  const item = unwrap(
    await signedIn(deps).GET('/sites/{siteId}/content/{collection}/items/{itemId}', {
      params: { path: { siteId: opts.site, collection: opts.collection, itemId: id } },
    }),
  );
  if (opts.json) return printJson(deps, item, opts.json);
  printRecord(
    deps,
    Object.entries(item).map(([key, value]) => [key, cellText(value)]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('get')
    .description('Show one item')
    .argument('<id>', 'the item id', itemId)
    .addOption(siteOption())
    .addOption(collectionOption())
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items get 12 --collection products --site shop.example.com',
    'pagewright items get 12 -c products --json --site shop.example.com',
  );
}
