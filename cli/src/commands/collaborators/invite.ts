import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface InviteOptions {
  site: string;
  json?: JsonOption;
}

/** Makes an invite code (owner only, valid 7 days, used once) and prints it. */
export async function run(opts: InviteOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const invitation = unwrap(await signedIn(deps).POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } }));
  if (opts.json) return printJson(deps, invitation, opts.json);
  deps.out.write(`${invitation.token}\n`);
  say(deps, `Invite code for ${siteId}, valid until ${invitation.expires}. The invitee runs: pagewright join ${invitation.token}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('invite')
    .description('Make an invite code for a site (owner only; valid 7 days, used once)')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collaborators invite --site shop.example.com',
    'pagewright collaborators invite --site shop.example.com --json',
  );
}
