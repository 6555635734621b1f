import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { redirectIndex, sayIgnored } from './shared.js';

export interface EditOptions {
  site: string;
  from?: string;
  to?: string;
  json?: JsonOption;
}

/** Changes a redirect's from, to or both; a from another redirect has is ignored by the server, which is reported. */
export async function run(index: number, opts: EditOptions, deps: Deps): Promise<void> {
  if (opts.from === undefined && opts.to === undefined) throw new CliError('give --from, --to or both');
  const body = { ...(opts.from !== undefined ? { from: opts.from } : {}), ...(opts.to !== undefined ? { to: opts.to } : {}) };
  const answer = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/redirects/{index}', { params: { path: { siteId: opts.site, index } }, body }),
  );
  if (opts.json) return printJson(deps, answer, opts.json);
  if (answer.changed === false) return sayIgnored(deps, answer, opts.from);
  const r = answer.redirects[index];
  say(deps, `Changed redirect ${index}: ${r?.from} -> ${r?.to}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('edit')
    .description("Change a redirect's from or to")
    .argument('<index>', 'the redirect (see: pagewright redirects list)', redirectIndex)
    .addOption(siteOption())
    .option('--from <path>', 'the new path of the site')
    .option('--to <target>', 'the new path or http(s) address')
    .option(...jsonFlag)
    .action(async (index, options, cmd) => run(index, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright redirects edit 0 --to /new-menu --site shop.example.com',
    'pagewright redirects edit 2 --from /old --to /new --site shop.example.com',
  );
}
