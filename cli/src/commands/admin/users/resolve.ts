import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { CliError } from '../../../lib/errors.js';
import { signedIn, type Deps } from '../../../lib/deps.js';
import type { JsonOption } from '../../../lib/output.js';
import { unwrapAdmin } from '../adminOnly.js';

export const userArgument = ['<user>', "the user's id or e-mail address (see `pagewright admin users`)"] as const;

/** The user a command names, by id or e-mail, as the admin list shows it. */
export async function findUser(deps: Deps, user: string): Promise<Schemas['AdminUser']> {
  const users = unwrapAdmin(await signedIn(deps).GET('/admin/users'));
  const wanted = user.trim().toLowerCase();
  const found = /^\d+$/.test(wanted) ? users.find((u) => u.id === Number(wanted)) : users.find((u) => u.email.toLowerCase() === wanted);
  if (!found) throw new CliError(`no user ${user} on this instance`);
  return found;
}

/**
 * `--json` after a verb of `admin users` is taken by `admin users` itself (which lists with it): the
 * verb reads it from there too, so `admin users suspend 42 --json` prints JSON as it reads.
 */
export function withParentJson<T extends { json?: JsonOption }>(options: T, command: CommandUnknownOpts): T {
  const parent = command.parent?.opts() as { json?: JsonOption } | undefined;
  return options.json === undefined && parent?.json !== undefined ? { ...options, json: parent.json } : options;
}
