import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { collectionOption, getCollection } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, CliError, ensureOk } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  site: string;
  collection: string;
  yes?: boolean;
}

/** Deletes a field and its value in every item, after confirmation unless --yes. */
export async function run(field: string, opts: DeleteOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const collection = await getCollection(api, opts.site, opts.collection);
    if (!collection.fields.some((f) => f.id === field)) throw new CliError(`${opts.collection} has no field ${field}`);
    const count = collection.count ?? 0;
    const question = `Delete the field ${field} of ${opts.collection}${count ? ` and its value in ${count} ${count === 1 ? 'item' : 'items'}` : ''}?`;
    if (!(await deps.prompt.confirm(question))) throw new CancelledError();
  }
  ensureOk(
    await api.DELETE('/sites/{siteId}/content/{collection}/fields/{field}', {
      params: { path: { siteId: opts.site, collection: opts.collection, field } },
    }),
  );
  say(deps, `Deleted the field ${field} of ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('Delete a field and its value in every item')
    .argument('<field>', 'the field key (pagewright fields list)')
    .addOption(siteOption())
    .addOption(collectionOption())
    .option(...yesFlag)
    .action(async (field, options, cmd) => run(field, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright fields delete legacy_code --collection products --site shop.example.com',
    'pagewright fields rm legacy_code -c products --site shop.example.com --yes',
  );
}
