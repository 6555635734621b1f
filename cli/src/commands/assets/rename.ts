import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface RenameOptions {
  site: string;
  json?: JsonOption;
}

/** Renames a file of the asset library (the extension of its type stays); prints the new name. */
export async function run(name: string, newName: string, opts: RenameOptions, deps: Deps): Promise<void> {
  const file = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/files/{name}', { params: { path: { siteId: opts.site, name } }, body: { newName } }),
  );
  if (opts.json) return printJson(deps, file, opts.json);
  deps.out.write(`${file.name}\n`);
  say(deps, `Renamed ${name} to ${file.name} in ${opts.site}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('rename')
    .alias('mv')
    .description('Rename a file of the asset library (a file the site uses keeps its name)')
    .argument('<name>', 'the file name (see: pagewright assets list)')
    .argument('<new-name>', 'the new name; the extension of its type is kept')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (name, newName, options, cmd) => run(name, newName, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright assets rename IMG_0042.jpg storefront.jpg --site shop.example.com',
    'pagewright assets mv IMG_0042.jpg storefront --site shop.example.com --json name,url',
  );
}
