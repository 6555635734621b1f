import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export const ICONS = [
  'book',
  'Blog',
  'Building',
  'Buildings',
  'Card',
  'Cart',
  'History',
  'Legal',
  'Logo',
  'Globe',
  'Info',
  'People',
  'Phone',
  'Question',
  'Quote',
  'Star',
  'Tag',
  'Text',
  'Wrench',
] as const;

export interface CreateOptions {
  site: string;
  name?: string;
  icon?: Schemas['CollectionIcon'];
  sample?: string | boolean;
  json?: JsonOption;
}

/** Creates a collection (with --sample: sample fields and items) and prints its id on stdout. */
export async function run(id: string | undefined, opts: CreateOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  // The server needs a name: without --name the id is the name.
  const name = opts.name ?? id;
  const body = { ...(id ? { id } : {}), ...(name ? { name } : {}), ...(opts.icon ? { icon: opts.icon } : {}) };
  const query = opts.sample === undefined || opts.sample === false ? {} : { sample: opts.sample === true ? 'true' : opts.sample };
  const collection = unwrap(await signedIn(deps).POST('/sites/{siteId}/content', { params: { path: { siteId }, query }, body }));
  if (opts.json) return printJson(deps, collection, opts.json);
  deps.out.write(`${collection.id}\n`);
  const sample = collection.count ? ` with ${collection.fields.length} fields and ${collection.count} sample items` : '';
  say(deps, `Created collection ${collection.id} (${collection.name}) on ${siteId}${sample}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('create')
    .description('Create a collection; its id defaults to one made from --name, its name to the id')
    .argument('[id]', 'lowercase letters, digits, - and _, starting with a letter')
    .addOption(siteOption())
    .option('--name <name>', 'the name shown in the editor')
    .addOption(new Option('--icon <icon>', 'the icon shown in the editor').choices(ICONS))
    .option('--sample [collection]', 'add sample fields and items (a generic sample, or a collection id of the section library)')
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright collections create products --name Products --icon Cart --site shop.example.com',
    'pagewright collections create --name "Blog posts" --sample --site shop.example.com',
  );
}
