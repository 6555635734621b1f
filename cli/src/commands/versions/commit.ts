import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { requirePrompt } from '../../lib/prompt.js';
import { historyOf, sayHistory } from './history.js';

export interface CommitOptions {
  site: string;
  message?: string;
  json?: JsonOption;
}

/** Saves the site as a version with a message; the history counts start again at 0. */
export async function run(opts: CommitOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  let message = opts.message;
  if (!message) {
    requirePrompt(deps.prompt, '--message');
    message = await deps.prompt.text('Version message: ');
  }
  const result = await api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message } });
  const { version } = unwrap(result);
  const history = historyOf(result.response);
  if (opts.json) return printJson(deps, { version, history }, opts.json);
  deps.out.write(`${version.hash}\n`);
  say(deps, `Saved version ${version.id} of ${siteId}: ${version.message}`);
  sayHistory(deps, siteId, history);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('commit')
    .description('Save the site as a version with a message (prints the version hash)')
    .addOption(siteOption())
    .option('-m, --message <text>', 'what changed (asked for on a terminal when missing)')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright versions commit --site shop.example.com -m "New pricing section"',
    'HASH=$(pagewright versions commit -m "Nightly import")',
  );
}
