import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { SilentExit, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface ValidateOptions {
  json?: JsonOption;
}

/** Checks that a domain is well formed and free; exits 1 when it cannot be used. */
export async function run(domain: string, opts: ValidateOptions, deps: Deps): Promise<void> {
  const answer = unwrap(await signedIn(deps).POST('/validate', { body: { siteId: domain } }));
  if (opts.json) printJson(deps, answer, opts.json);
  else if (answer.valid) say(deps, `${domain} is free`);
  else say(deps, `${domain}: ${answer.message ?? 'cannot be used'}`);
  if (!answer.valid) throw new SilentExit();
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('validate')
    .description('Check that a domain is well formed and free (exit code 1 when it is not)')
    .argument('<domain>', 'the domain to check')
    .option(...jsonFlag)
    .action(async (domain, options, cmd) => run(domain, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright sites validate shop.example.com',
    'pagewright sites validate shop.example.com --json',
    'pagewright sites validate shop.example.com && pagewright sites create --domain shop.example.com ...',
  );
}
