import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as invite from './invite.js';
import * as list from './list.js';
import * as lock from './lock.js';
import * as remove from './remove.js';
import * as unlock from './unlock.js';

/** `pagewright collaborators`: who works on a site, invitations and locks. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const collaborators = withExamples(
    program.command('collaborators').description("Manage a site's collaborators and invitations"),
    'pagewright collaborators list --site shop.example.com',
    'pagewright collaborators invite --site shop.example.com',
    'pagewright collaborators lock 42 --site shop.example.com',
  );
  for (const verb of [list, invite, remove, lock, unlock]) verb.register(collaborators, ctx);
  return collaborators;
}
