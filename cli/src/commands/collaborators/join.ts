import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface JoinOptions {
  json?: JsonOption;
}

/** Joins a site as a collaborator with an invite code. */
export async function run(code: string, opts: JoinOptions, deps: Deps): Promise<void> {
  const site = unwrap(await signedIn(deps).POST('/sites/join/{code}', { params: { path: { code } } }));
  if (opts.json) return printJson(deps, site, opts.json);
  deps.out.write(`${site.id}\n`);
  say(deps, `Joined ${site.name} (${site.id}) as a collaborator`);
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('join')
    .description('Join a site as a collaborator with an invite code')
    .argument('<code>', 'the invite code the owner shared')
    .option(...jsonFlag)
    .action(async (code, options, cmd) => run(code, options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright join K7PX2MRT9QWE', 'pagewright join K7PX2MRT9QWE --json');
}
