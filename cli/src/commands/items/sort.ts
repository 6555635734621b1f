import { Argument, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, type Context } from '../../lib/command.js';
import { collectionOption } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { ensureOk } from '../../lib/errors.js';

export interface SortOptions {
  site: string;
  collection: string;
}

/**
 * Sorts the collection's items by a field for good (POST …/sort/items/{field}/{order}): the field's
 * order becomes the hand-sorted order lists and pages show, where the header sort of the CMS table
 * only changes the view.
 */
export async function run(field: string, order: 'asc' | 'desc', opts: SortOptions, deps: Deps): Promise<void> {
  ensureOk(
    await signedIn(deps).POST('/sites/{siteId}/content/{collection}/sort/items/{field}/{order}', {
      params: { path: { siteId: opts.site, collection: opts.collection, field, order } },
    }),
  );
  say(deps, `Sorted the items of ${opts.collection} by ${field}, ${order === 'asc' ? 'ascending' : 'descending'}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('sort')
    .description("Sort the items by a field for good: the field's order becomes the hand-sorted order")
    .argument('<field>', 'the field to sort by (pagewright fields list), or _id')
    .addArgument(new Argument('[order]', 'asc or desc').choices(['asc', 'desc'] as const).default('asc' as const))
    .addOption(siteOption())
    .addOption(collectionOption())
    .action(async (field, order, options, cmd) => run(field, order, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items sort price --collection products --site shop.example.com',
    'pagewright items sort released desc -c products --site shop.example.com',
  );
}
