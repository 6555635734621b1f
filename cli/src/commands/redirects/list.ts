import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { isPlain, printJson, type JsonOption } from '../../lib/output.js';
import { printRedirects } from './shared.js';

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/** Lists the redirects in order: index, from, to. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const answer = unwrap(await signedIn(deps).GET('/sites/{siteId}/redirects', { params: { path: { siteId: opts.site } } }));
  if (opts.json) return printJson(deps, answer, opts.json);
  printRedirects(deps, answer);
  if (answer.redirects.length === 0 && !isPlain(deps)) say(deps, 'No redirects. Add one with: pagewright redirects add <from> <to>');
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's redirects with their indexes")
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright redirects list --site shop.example.com',
    'pagewright redirects list --site shop.example.com --json | jq ".redirects[].from"',
  );
}
