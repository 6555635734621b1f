import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { formatDate, printJson, printTable, type JsonOption } from '../../lib/output.js';
import { unwrapAdmin } from './adminOnly.js';

export interface SitesOptions {
  json?: JsonOption;
}

/** Lists every site of the instance, newest first (admins only). */
export async function run(opts: SitesOptions, deps: Deps): Promise<void> {
  const sites = unwrapAdmin(await signedIn(deps).GET('/admin/sites'));
  if (opts.json) return printJson(deps, sites, opts.json);
  printTable(
    deps,
    ['domain', 'name', 'owner', 'created'],
    sites.map((s) => [s.id, s.name, `${s.ownerName} (${s.ownerId})`, formatDate(deps, s.created)]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('sites')
    .description('List every site, newest first')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright admin sites', 'pagewright admin sites --json');
}
