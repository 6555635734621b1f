import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, ensureOk, unwrap } from '../../lib/errors.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface DeleteOptions {
  site: string;
  yes?: boolean;
}

/** Deletes a file with its original, preview and variants, after confirmation unless --yes. */
export async function run(name: string, opts: DeleteOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  const path = { siteId, name };
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const file = unwrap(await api.GET('/sites/{siteId}/files/{name}', { params: { path } }));
    const warning = file.used ? ' The site uses it: pages showing it will lose it.' : '';
    if (!(await deps.prompt.confirm(`Delete ${name} from ${siteId}?${warning}`))) throw new CancelledError();
  }
  ensureOk(await api.DELETE('/sites/{siteId}/files/{name}', { params: { path } }));
  say(deps, `Deleted ${name} from ${siteId}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('delete')
    .alias('rm')
    .description("Delete a file from a site's asset library")
    .argument('<name>', 'the file name (see: pagewright assets list)')
    .addOption(siteOption())
    .option(...yesFlag)
    .action(async (name, options, cmd) => run(name, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright assets delete old-hero.jpg --site shop.example.com',
    'pagewright assets list --site shop.example.com --type unused | cut -f1 | xargs -n1 pagewright assets delete --yes --site shop.example.com',
  );
}
