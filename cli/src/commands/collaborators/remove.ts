import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, ensureOk, unwrap } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';
import { userIdArgument } from './userId.js';

export interface RemoveOptions {
  site: string;
  yes?: boolean;
}

/** Removes a collaborator from a site (owner only), after confirmation unless --yes. */
export async function run(userId: number, opts: RemoveOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  const { collaborators } = unwrap(await api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } }));
  const name = collaborators.find((c) => c.userId === userId)?.name ?? `user ${userId}`;
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    if (!(await deps.prompt.confirm(`Remove ${name} (user ${userId}) from ${siteId}?`))) throw new CancelledError();
  }
  ensureOk(await api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId } } }));
  say(deps, `Removed ${name} from ${siteId}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('remove')
    .alias('rm')
    .description('Remove a collaborator from a site (owner only)')
    .argument(...userIdArgument)
    .addOption(siteOption())
    .option(...yesFlag)
    .action(async (userId, options, cmd) => run(userId, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collaborators remove 42 --site shop.example.com',
    'pagewright collaborators remove 42 --site shop.example.com --yes',
  );
}
