import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, formatSize, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/** Lists a site's kept deploys, newest first: which one is live, when, by whom, and how big. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const answer = unwrap(await signedIn(deps).GET('/sites/{siteId}/deploys', { params: { path: { siteId } } }));
  if (opts.json) return printJson(deps, answer, opts.json);
  printTable(
    deps,
    ['id', 'version', 'live', 'published', 'author', 'files', 'changed', 'size', 'saved version'],
    answer.deploys.map((d) => [
      String(d.id),
      String(d.number),
      d.live ? 'live' : '',
      formatDate(deps, d.createdAt),
      d.author ?? '',
      String(d.files),
      String(d.changed),
      formatSize(d.size),
      d.versionId === null ? '' : String(d.versionId),
    ]),
  );
  say(deps, answer.url ? `Live at ${answer.url}` : `${siteId} has no verified domain yet: it is not served by this server`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's kept deploys, newest first, and which one is live")
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright deploys list --site shop.example.com',
    "pagewright deploys list --site shop.example.com --json | jq '.deploys[] | select(.live) | .number'",
  );
}
