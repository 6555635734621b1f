import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { requirePrompt } from '../../lib/prompt.js';
import { historyOf, sayHistory } from './history.js';

export interface ResetOptions {
  site: string;
  yes?: boolean;
  json?: JsonOption;
}

/** Throws away every change since the last version (and mends a broken site), after confirmation unless --yes. */
export async function run(opts: ResetOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const site = unwrap(await api.GET('/sites/{siteId}', { params: { path: { siteId } } }));
    const unsaved = site.history.unsaved;
    const lost = unsaved === 0 ? 'nothing is unsaved' : `${unsaved} unsaved ${unsaved === 1 ? 'change is' : 'changes are'} lost`;
    if (!(await deps.prompt.confirm(`Reset ${site.name} (${siteId}) to its last version? ${lost}.`))) throw new CancelledError();
  }
  const result = await api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } });
  const site = unwrap(result);
  const history = historyOf(result.response);
  if (opts.json) return printJson(deps, { ...site, history }, opts.json);
  say(deps, `Reset ${siteId} to its last version`);
  sayHistory(deps, siteId, history);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('reset')
    .description('Throw away every change since the last version (also mends a broken site)')
    .addOption(siteOption())
    .option(...yesFlag)
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright versions reset --site shop.example.com',
    'pagewright versions reset --site shop.example.com --yes',
  );
}
