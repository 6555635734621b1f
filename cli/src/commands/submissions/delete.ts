import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { itemId } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, ensureOk } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  site: string;
  yes?: boolean;
}

/** Deletes a submission for good, after confirmation unless --yes. */
export async function run(id: number, opts: DeleteOptions, deps: Deps): Promise<void> {
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    if (!(await deps.prompt.confirm(`Delete submission ${id} of ${opts.site}? It cannot be brought back.`))) throw new CancelledError();
  }
  ensureOk(await signedIn(deps).DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: opts.site, id } } }));
  say(deps, `Deleted submission ${id} of ${opts.site}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('Delete a submission for good')
    .argument('<id>', 'the submission id (pagewright submissions list)', itemId)
    .addOption(siteOption())
    .option(...yesFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright submissions delete 12 --site shop.example.com',
    'pagewright submissions rm 12 --site shop.example.com --yes',
  );
}
