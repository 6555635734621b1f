import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { sayIgnored } from './shared.js';

export interface AddOptions {
  site: string;
  json?: JsonOption;
}

/** Adds a redirect and prints its index; one whose from exists is ignored by the server, which is reported (exit 0). */
export async function run(from: string, to: string, opts: AddOptions, deps: Deps): Promise<void> {
  const answer = unwrap(
    await signedIn(deps).POST('/sites/{siteId}/redirects', { params: { path: { siteId: opts.site } }, body: { from, to } }),
  );
  if (opts.json) return printJson(deps, answer, opts.json);
  if (answer.changed === false) return sayIgnored(deps, answer, from);
  deps.out.write(`${answer.index}\n`);
  say(deps, `Added the redirect ${from} -> ${to}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('add')
    .description('Add a redirect (ignored when one from the same path exists)')
    .argument('<from>', 'a path of the site, like /old-menu')
    .argument('<to>', 'a path of the site or an http(s) address')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (from, to, options, cmd) => run(from, to, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright redirects add /old-menu /menu --site shop.example.com',
    'pagewright redirects add /shop https://store.example.com/ --site shop.example.com',
  );
}
