import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatLimit, printJson, printRecord, yesNo, type JsonOption } from '../../lib/output.js';

export interface WhoamiOptions {
  json?: JsonOption;
}

/** Shows the signed-in user, the server and where the token came from. */
export async function run(opts: WhoamiOptions, deps: Deps): Promise<void> {
  const user = unwrap(await signedIn(deps).GET('/user'));
  if (opts.json) return printJson(deps, user, opts.json);
  printRecord(deps, [
    ['name', user.name],
    ['email', user.email],
    ['id', String(user.id)],
    ['plan', user.plan.name],
    ['sites', `${user.sites} of ${formatLimit(user.maxSites)}`],
    ['admin', yesNo(user.isAdmin)],
    ['two-factor', yesNo(user.tfaEnabled)],
    ['server', deps.config.url],
    ['token', deps.config.tokenSource === 'config' ? deps.config.file : (deps.config.tokenSource ?? '')],
  ]);
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('whoami')
    .description('Show the signed-in user')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright whoami', 'pagewright whoami --json', 'pagewright whoami --json | jq -r .email');
}
