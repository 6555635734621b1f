import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { tokenArgument } from './token.js';

export interface LockOptions {
  site: string;
  json?: JsonOption;
}

/** Locks (refused until unlocked) or unlocks an API key; `unlock` shares this. */
export async function setLocked(isLocked: boolean, token: string, opts: LockOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const key = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId, token } }, body: { isLocked } }),
  );
  if (opts.json) return printJson(deps, key, opts.json);
  say(
    deps,
    isLocked
      ? `Locked API key ${key.token} (${key.name}) of ${siteId}: refused until unlocked`
      : `Unlocked API key ${key.token} (${key.name}) of ${siteId}`,
  );
}

/** Locks an API key: every call made with it is refused until it is unlocked. */
export function run(token: string, opts: LockOptions, deps: Deps): Promise<void> {
  return setLocked(true, token, opts, deps);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('lock')
    .description('Lock an API key: calls with it are refused until it is unlocked (owner only)')
    .argument(...tokenArgument)
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (token, options, cmd) => run(token, options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright api-keys lock pw_Ab3dE6gH --site shop.example.com');
}
