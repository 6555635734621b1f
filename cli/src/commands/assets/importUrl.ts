import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface ImportUrlOptions {
  site: string;
  name?: string;
  overwrite?: boolean;
  json?: JsonOption;
}

/** The server downloads a public http(s) address into the asset library, as an upload; prints the stored name. */
export async function run(url: string, opts: ImportUrlOptions, deps: Deps): Promise<void> {
  const file = unwrap(
    await signedIn(deps).POST('/sites/{siteId}/files/import', {
      params: { path: { siteId: opts.site } },
      body: { url, ...(opts.name ? { filename: opts.name } : {}), ...(opts.overwrite ? { overwrite: true } : {}) },
    }),
  );
  if (opts.json) return printJson(deps, file, opts.json);
  deps.out.write(`${file.name}\n`);
  say(deps, `Imported ${url} into ${opts.site} as ${file.name}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('import-url')
    .description('Import a file from a public http(s) address into the asset library (the server downloads it)')
    .argument('<url>', 'the address of the file')
    .addOption(siteOption())
    .option('--name <file>', "the name to store it under (default: the address's last part)")
    .option('--overwrite', 'replace a file of that name')
    .option(...jsonFlag)
    .action(async (url, options, cmd) => run(url, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright assets import-url https://images.example.org/bakery.jpg --site shop.example.com',
    'pagewright assets import-url https://images.example.org/photo?id=42 --name storefront.jpg --site shop.example.com --json name,size',
  );
}
