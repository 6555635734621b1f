import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { formatDate, printJson, printTable, yesNo, type JsonOption } from '../../lib/output.js';
import { unwrapAdmin } from './adminOnly.js';
import * as setPlan from './users/setPlan.js';
import * as suspend from './users/suspend.js';

export interface UsersOptions {
  json?: JsonOption;
}

/** Lists every user of the instance, newest first (admins only). */
export async function run(opts: UsersOptions, deps: Deps): Promise<void> {
  const users = unwrapAdmin(await signedIn(deps).GET('/admin/users'));
  if (opts.json) return printJson(deps, users, opts.json);
  printTable(
    deps,
    ['id', 'name', 'email', 'city', 'country', 'sites', 'admin', 'plan', 'suspended', 'created'],
    users.map((u) => [
      String(u.id),
      u.name,
      u.email,
      u.city ?? '',
      u.country ?? '',
      String(u.sites),
      yesNo(u.isAdmin),
      u.planSetByAdmin ? `${u.planId} (admin)` : String(u.planId ?? ''),
      yesNo(u.suspended ?? false),
      formatDate(deps, u.created),
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('users')
    .description("List every user, newest first; set a user's plan, suspend or reactivate them")
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  setPlan.register(command, ctx);
  suspend.register(command, ctx);
  return withExamples(
    command,
    'pagewright admin users',
    'pagewright admin users --json',
    'pagewright admin users set-plan ada@example.com 3',
    'pagewright admin users suspend 42',
    'pagewright admin users reactivate 42',
  );
}
