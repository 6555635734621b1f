import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  yes?: boolean;
  json?: JsonOption;
}

/** Deletes a site (its owner only); it can be restored for 7 days. On a terminal the domain is typed again. */
export async function run(siteId: string, opts: DeleteOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  let confirm = siteId;
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    confirm = (await deps.prompt.text(`Type ${siteId} to delete it: `)).trim();
    if (confirm.toLowerCase() !== siteId.toLowerCase()) throw new CancelledError();
  }
  const deleted = unwrap(await api.DELETE('/sites/{siteId}', { params: { path: { siteId }, query: { confirm } } }));
  if (opts.json) return printJson(deps, deleted, opts.json);
  say(deps, `Deleted ${deleted.id}. Restore it until ${deleted.restoreUntil} with: pagewright sites restore ${deleted.id}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .description('Delete a site (owner only); it can be restored for 7 days')
    .argument('<domain>', 'the site to delete')
    .option(...yesFlag)
    .option(...jsonFlag)
    .action(async (siteId, options, cmd) => run(siteId, options, ctx.deps(cmd)));
  return withExamples(
    command,
    '# asks you to type the domain again',
    'pagewright sites delete shop.example.com',
    'pagewright sites delete shop.example.com --yes',
  );
}
