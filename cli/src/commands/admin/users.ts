import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { formatDate, printJson, printTable, yesNo } from '../../lib/output.js';
import { unwrapAdmin } from './adminOnly.js';

export interface UsersOptions {
  json?: boolean;
}

/** Lists every user of the instance, newest first (admins only). */
export async function run(opts: UsersOptions, deps: Deps): Promise<void> {
  const users = unwrapAdmin(await signedIn(deps).GET('/admin/users'));
  if (opts.json) return printJson(deps, users);
  printTable(
    deps,
    ['id', 'name', 'email', 'city', 'country', 'sites', 'admin', 'created'],
    users.map((u) => [
      String(u.id),
      u.name,
      u.email,
      u.city ?? '',
      u.country ?? '',
      String(u.sites),
      yesNo(u.isAdmin),
      formatDate(deps, u.created),
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('users')
    .description('List every user, newest first')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright admin users', 'pagewright admin users --json');
}
