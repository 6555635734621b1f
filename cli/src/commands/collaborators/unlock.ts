import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { setLocked, type LockOptions } from './lock.js';
import { userIdArgument } from './userId.js';

/** Gives a locked collaborator their edit access back. */
export function run(userId: number, opts: LockOptions, deps: Deps): Promise<void> {
  return setLocked(false, userId, opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('unlock')
    .description('Give a locked collaborator edit access again (owner only)')
    .argument(...userIdArgument)
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (userId, options, cmd) => run(userId, options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright collaborators unlock 42 --site shop.example.com');
}
