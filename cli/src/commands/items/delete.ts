import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { collectionOption, itemId } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, ensureOk } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  site: string;
  collection: string;
  yes?: boolean;
}

/** Deletes an item, after confirmation unless --yes. */
export async function run(id: number, opts: DeleteOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const path = { siteId: opts.site, collection: opts.collection, itemId: id };
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    if (!(await deps.prompt.confirm(`Delete item ${id} from ${opts.collection}?`))) throw new CancelledError();
  }
  ensureOk(await api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path } }));
  say(deps, `Deleted item ${id} from ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('Delete an item')
    .argument('<id>', 'the item id', itemId)
    .addOption(siteOption())
    .addOption(collectionOption())
    .option(...yesFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright items delete 12 -c products --site shop.example.com',
    'pagewright items rm 12 -c products --yes --site shop.example.com',
  );
}
