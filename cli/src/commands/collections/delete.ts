import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { getCollection } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, ensureOk } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  site: string;
  yes?: boolean;
}

/** Deletes an empty collection, after confirmation unless --yes; a collection with items is refused by the server. */
export async function run(id: string, opts: DeleteOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const collection = await getCollection(api, siteId, id);
    if (!(await deps.prompt.confirm(`Delete the collection ${collection.name} (${id}) from ${siteId}?`))) throw new CancelledError();
  }
  ensureOk(await api.DELETE('/sites/{siteId}/content/{collection}', { params: { path: { siteId, collection: id } } }));
  say(deps, `Deleted collection ${id} from ${siteId}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('Delete an empty collection (delete its items first)')
    .argument('<id>', 'the collection id')
    .addOption(siteOption())
    .option(...yesFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collections delete products --site shop.example.com',
    'pagewright collections rm products --site shop.example.com --yes',
  );
}
