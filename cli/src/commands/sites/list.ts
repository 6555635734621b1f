import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, isPlain, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  json?: JsonOption;
  all?: boolean;
  deleted?: boolean;
}

/** Lists the user's own and shared sites, newest change first (every site with --all, admins only); --deleted the restorable ones. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const query = { params: { query: { ...(opts.all ? { admin: true } : {}), ...(opts.deleted ? { deleted: true } : {}) } } };
  const sites = unwrap(await signedIn(deps).GET('/sites', query));
  if (opts.json) return printJson(deps, sites, opts.json);
  if (opts.deleted) {
    if (sites.length === 0 && !isPlain(deps)) return say(deps, 'No deleted sites to restore.');
    return printTable(
      deps,
      ['domain', 'name', 'owner', 'deleted', 'restore until'],
      sites.map((s) => [s.id, s.name, s.ownerName, formatDate(deps, s.deletedAt ?? ''), formatDate(deps, s.restoreUntil ?? '')]),
    );
  }
  if (sites.length === 0 && !isPlain(deps)) return say(deps, 'No sites yet. Create one with: pagewright sites create');
  printTable(
    deps,
    ['domain', 'name', 'owner', 'modified', 'status'],
    sites.map((s) => [s.id, s.name, s.ownerName, formatDate(deps, s.modified), s.object === 'broken' ? `broken: ${s.error ?? ''}` : 'ok']),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description('List your own and shared sites, newest change first')
    .option('--all', 'every site of the instance (admins only)')
    .option('--deleted', 'the sites deleted in the last 7 days, which can be restored')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright sites list', 'pagewright sites list --json', 'pagewright sites list | cut -f1');
}
