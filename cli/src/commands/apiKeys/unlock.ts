import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { setLocked, type LockOptions } from './lock.js';
import { tokenArgument } from './token.js';

/** Lets a locked API key be used again. */
export function run(token: string, opts: LockOptions, deps: Deps): Promise<void> {
  return setLocked(false, token, opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('unlock')
    .description('Let a locked API key be used again (owner only)')
    .argument(...tokenArgument)
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (token, options, cmd) => run(token, options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright api-keys unlock pw_Ab3dE6gH --site shop.example.com');
}
