import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  site: string;
  invitations?: boolean;
  json?: JsonOption;
}

/** Lists a site's collaborators (owner first), or its open invitations with --invitations. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const answer = unwrap(await signedIn(deps).GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } }));
  if (opts.json) return printJson(deps, answer, opts.json);
  if (opts.invitations) {
    return printTable(
      deps,
      ['id', 'code', 'expires'],
      answer.invitations.map((i) => [String(i.id), i.token, formatDate(deps, i.expires)]),
    );
  }
  printTable(
    deps,
    ['user id', 'name', 'role', 'access'],
    answer.collaborators.map((c) => [String(c.userId), c.name, c.role, c.isLocked ? 'locked' : 'edit']),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's collaborators, owner first")
    .addOption(siteOption())
    .option('--invitations', 'list the open invite codes instead (owner only)')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collaborators list --site shop.example.com',
    'PAGEWRIGHT_SITE=shop.example.com pagewright collaborators list --invitations',
    'pagewright collaborators list --site shop.example.com --json',
  );
}
