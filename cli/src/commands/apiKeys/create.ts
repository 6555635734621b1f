import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface CreateOptions {
  site: string;
  name?: string;
  json?: JsonOption;
}

/** Makes an API key for the site (owner only) and prints its secret: the only time it is shown. */
export async function run(opts: CreateOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const body = opts.name === undefined ? {} : { name: opts.name };
  const key = unwrap(await signedIn(deps).POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body }));
  if (opts.json) return printJson(deps, key, opts.json);
  deps.out.write(`${key.key}\n`);
  say(deps, `Created API key ${key.token} (${key.name}) for ${siteId}. This is the only time it is shown: store it now.`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('create')
    .description('Make an API key for a site (owner only); prints the key once')
    .addOption(siteOption())
    .option('--name <name>', 'what the key is for (default: API key)')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright api-keys create --site shop.example.com --name "CI deploy"',
    'KEY=$(pagewright api-keys create --site shop.example.com --name CI)',
    'pagewright api-keys create --site shop.example.com --json',
  );
}
