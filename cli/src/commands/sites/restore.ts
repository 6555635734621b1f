import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface RestoreOptions {
  json?: JsonOption;
}

/** Brings back a site deleted in the last 7 days (its owner, or an admin). */
export async function run(siteId: string, opts: RestoreOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const site = unwrap(await api.POST('/sites/{siteId}/restore', { params: { path: { siteId } } }));
  if (opts.json) return printJson(deps, site, opts.json);
  deps.out.write(`${site.id}\n`);
  say(deps, `Restored ${site.name} (${site.id})`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('restore')
    .description('Restore a site deleted in the last 7 days')
    .argument('<domain>', 'the deleted site')
    .option(...jsonFlag)
    .action(async (siteId, options, cmd) => run(siteId, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright sites restore shop.example.com',
    '# the deleted sites you can restore',
    'pagewright sites list --deleted',
  );
}
