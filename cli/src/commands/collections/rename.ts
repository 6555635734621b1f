import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export interface RenameOptions {
  site: string;
  name?: string;
  id?: string;
  icon?: string;
  json?: JsonOption;
}

/**
 * Renames a collection (PATCH …/content/{collection}): its name people read, its id (pages and
 * components that name the collection follow), its icon. Prints the collection's (new) id.
 */
export async function run(id: string, opts: RenameOptions, deps: Deps): Promise<void> {
  // The server checks the icon against spec 002's choices (any letter case).
  const icon = opts.icon as Schemas['CollectionIcon'] | undefined;
  const body = { ...(opts.name ? { name: opts.name } : {}), ...(opts.id ? { id: opts.id } : {}), ...(icon ? { icon } : {}) };
  if (Object.keys(body).length === 0) throw new CliError('name what changes: --name, --id or --icon');
  const collection = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/content/{collection}', {
      params: { path: { siteId: opts.site, collection: id } },
      body,
    }),
  );
  if (opts.json) return printJson(deps, collection, opts.json);
  deps.out.write(`${collection.id}\n`);
  say(deps, `Renamed collection ${id}${collection.id !== id ? ` to ${collection.id}` : ''}: ${collection.name}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('rename')
    .description('Rename a collection: its name, its id (pages and components follow) or its icon')
    .argument('<id>', 'the collection id (pagewright collections list)')
    .addOption(siteOption())
    .option('--name <name>', 'the name people read')
    .option('--id <id>', 'a new id (what the API and bindings use)')
    .option('--icon <icon>', 'a new icon')
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collections rename products --name "Shop products" --site shop.example.com',
    'pagewright collections rename products --id goods --site shop.example.com --json id,name',
  );
}
