import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, isPlain, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/** Lists the site's API keys, oldest first (owner only); the server never answers a secret. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const keys = unwrap(await signedIn(deps).GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } }));
  if (opts.json) return printJson(deps, keys, opts.json);
  if (keys.length === 0 && !isPlain(deps)) return say(deps, `No API keys. Make one with: pagewright api-keys create --site ${siteId}`);
  printTable(
    deps,
    ['token', 'name', 'status', 'used', 'last used', 'created'],
    keys.map((k) => [
      k.token,
      k.name,
      k.isLocked ? 'locked' : 'active',
      String(k.usedCount),
      formatDate(deps, k.lastUsed),
      formatDate(deps, k.created),
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's API keys (owner only; never their secrets)")
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright api-keys list --site shop.example.com',
    'pagewright api-keys list --site shop.example.com --json',
  );
}
