import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { userIdArgument } from './userId.js';

export interface LockOptions {
  site: string;
  json?: JsonOption;
}

/** Locks (read-only) or unlocks a collaborator; never the owner. `unlock` shares this. */
export async function setLocked(isLocked: boolean, userId: number, opts: LockOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const collaborator = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId } }, body: { isLocked } }),
  );
  if (opts.json) return printJson(deps, collaborator, opts.json);
  say(deps, isLocked ? `Locked ${collaborator.name} on ${siteId}: read-only until unlocked` : `Unlocked ${collaborator.name} on ${siteId}`);
}

/** Locks a collaborator: they keep read-only access. */
export function run(userId: number, opts: LockOptions, deps: Deps): Promise<void> {
  return setLocked(true, userId, opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('lock')
    .description('Make a collaborator read-only (owner only)')
    .argument(...userIdArgument)
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (userId, options, cmd) => run(userId, options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright collaborators lock 42 --site shop.example.com');
}
