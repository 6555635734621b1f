import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../../lib/command.js';
import { say, signedIn, type Deps } from '../../../lib/deps.js';
import { printJson, type JsonOption } from '../../../lib/output.js';
import { unwrapAdmin } from '../adminOnly.js';
import { findUser, userArgument, withParentJson } from './resolve.js';

export interface SuspendOptions {
  json?: JsonOption;
}

/** Suspends (sessions and API keys stop at once, no sign-in) or reactivates a user; `reactivate` shares this. */
export async function setSuspended(suspended: boolean, user: string, opts: SuspendOptions, deps: Deps): Promise<void> {
  const target = await findUser(deps, user);
  const updated = unwrapAdmin(
    await signedIn(deps).PATCH('/admin/users/{userId}', { params: { path: { userId: target.id } }, body: { suspended } }),
  );
  if (opts.json) return printJson(deps, updated, opts.json);
  say(
    deps,
    suspended
      ? `Suspended ${updated.name} <${updated.email}>: signed out everywhere, their API keys refused until reactivated`
      : `Reactivated ${updated.name} <${updated.email}>: they can sign in again`,
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const suspend = parent
    .command('suspend')
    .description("Suspend a user (admins only): their sessions and their sites' API keys stop at once")
    .argument(...userArgument)
    .option(...jsonFlag)
    .action(async (user, options, cmd) => setSuspended(true, user, withParentJson(options, cmd), ctx.deps(cmd)));
  withExamples(suspend, 'pagewright admin users suspend spammer@example.com');
  const reactivate = parent
    .command('reactivate')
    .description('Let a suspended user sign in again (admins only)')
    .argument(...userArgument)
    .option(...jsonFlag)
    .action(async (user, options, cmd) => setSuspended(false, user, withParentJson(options, cmd), ctx.deps(cmd)));
  withExamples(reactivate, 'pagewright admin users reactivate 42');
  return [suspend, reactivate];
}
