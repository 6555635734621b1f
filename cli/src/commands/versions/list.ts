import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, printJson, printTable, type JsonOption } from '../../lib/output.js';
import { historyOf, sayHistory } from './history.js';

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/** Lists a site's saved versions, newest first, and where its edit history stands. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const result = await signedIn(deps).GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'versions' } } });
  const site = unwrap(result);
  const versions = site.versions ?? [];
  // The whole site would bury the versions; --json keeps what this command is about.
  if (opts.json) return printJson(deps, { hash: site.hash, history: site.history, versions }, opts.json);
  printTable(
    deps,
    ['id', 'created', 'author', 'hash', 'message'],
    versions.map((v) => [String(v.id), formatDate(deps, v.created), v.authorName ?? '', v.hash.slice(0, 12), v.message]),
  );
  sayHistory(deps, siteId, historyOf(result.response) ?? site.history);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's saved versions, newest first, with the history counts")
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright versions list --site shop.example.com',
    'pagewright versions list --site shop.example.com --json | jq -r .versions[0].hash',
  );
}
