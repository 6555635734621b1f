import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, CliError, unwrap } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';
import { redirectIndex } from './shared.js';

export interface RemoveOptions {
  site: string;
  yes?: boolean;
}

/** Removes a redirect (the later ones move up), after confirmation unless --yes. */
export async function run(index: number, opts: RemoveOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const { redirects } = unwrap(await api.GET('/sites/{siteId}/redirects', { params: { path: { siteId } } }));
    const r = redirects[index];
    if (!r) throw new CliError(`${siteId} has no redirect ${index} (it has ${redirects.length})`);
    if (!(await deps.prompt.confirm(`Remove the redirect ${r.from} -> ${r.to}?`))) throw new CancelledError();
  }
  unwrap(await api.DELETE('/sites/{siteId}/redirects/{index}', { params: { path: { siteId, index } } }));
  say(deps, `Removed redirect ${index} from ${siteId}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('remove')
    .alias('rm')
    .description('Remove a redirect; the later ones move up')
    .argument('<index>', 'the redirect (see: pagewright redirects list)', redirectIndex)
    .addOption(siteOption())
    .option(...yesFlag)
    .action(async (index, options, cmd) => run(index, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright redirects remove 0 --site shop.example.com',
    'pagewright redirects rm 3 --site shop.example.com --yes',
  );
}
