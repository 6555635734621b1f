import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as activity from './activity.js';
import * as sites from './sites.js';
import * as users from './users.js';

/** `pagewright admin`: the instance's users, sites and activity (admin accounts only). */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const admin = withExamples(
    program.command('admin').description('Users, sites and activity of the instance (admins only)'),
    'pagewright admin users',
    'pagewright admin sites --json',
    'pagewright admin activity --type unique --days 7',
  );
  for (const verb of [users, sites, activity]) verb.register(admin, ctx);
  return admin;
}
