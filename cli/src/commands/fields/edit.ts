import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collect, collectionOption } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { defaultValue, FIELD_TYPES } from './add.js';

export interface EditOptions {
  site: string;
  collection: string;
  name?: string;
  type?: (typeof FIELD_TYPES)[number];
  title?: string;
  options?: string[];
  required?: boolean;
  localizable?: boolean;
  hidden?: boolean;
  placeholder?: string;
  default?: string;
  json?: JsonOption;
}

/**
 * Changes what the options name of a field (PATCH …/fields/{field}); a new --name renames the key in
 * every item, and what reads the field follows. Prints the field's (new) name.
 */
export async function run(field: string, opts: EditOptions, deps: Deps): Promise<void> {
  const categories = (opts.options ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const body: Schemas['FieldInput'] = {
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.title !== undefined ? { _title: opts.title } : {}),
    ...(categories.length ? { options: categories } : {}),
    ...(opts.required !== undefined ? { required: opts.required } : {}),
    ...(opts.localizable !== undefined ? { localizable: opts.localizable } : {}),
    ...(opts.hidden !== undefined ? { _hidden: opts.hidden } : {}),
    ...(opts.placeholder !== undefined ? { _placeholder: opts.placeholder || null } : {}),
    ...(opts.default !== undefined ? { default: defaultValue(opts.default) } : {}),
  };
  if (Object.keys(body).length === 0)
    throw new CliError('name what changes: --name, --type, --title, --options, --required, --hidden, --placeholder, --default');
  const saved = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/content/{collection}/fields/{field}', {
      params: { path: { siteId: opts.site, collection: opts.collection, field } },
      body,
    }),
  );
  if (opts.json) return printJson(deps, saved, opts.json);
  deps.out.write(`${saved.id}\n`);
  say(deps, `Saved the field ${saved.id} of ${opts.collection}${saved.id !== field ? ` (renamed from ${field})` : ''}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('edit')
    .description('Change a field: its name (items and pages follow), type, title, categories, required, hidden, placeholder, default')
    .argument('<field>', 'the field key (pagewright fields list)')
    .addOption(siteOption())
    .addOption(collectionOption())
    .option('--name <key>', 'a new key: a-z and 0-9, no spaces')
    .addOption(new Option('-t, --type <type>', 'a new type (only the changes the field allows)').choices(FIELD_TYPES))
    .option('--title <title>', 'the title shown in the editor')
    .option('--options <categories>', 'the enum categories, comma-separated (repeatable)', collect)
    .option('--required', 'items must have a value')
    .option('--no-required', 'items need no value')
    .option('--localizable', 'a value per language')
    .option('--no-localizable', 'one value for every language')
    .option('--hidden', 'hide the field in the editor')
    .option('--no-hidden', 'show the field in the editor')
    .option('--placeholder <text>', 'the placeholder of the input (empty removes it)')
    .option('--default <value>', 'the value new items start with (JSON, else text)')
    .option(...jsonFlag)
    .action(async (field, options, cmd) => run(field, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright fields edit price --title "Price (EUR)" --required --collection products --site shop.example.com',
    'pagewright fields edit sku --name code --collection products --site shop.example.com',
    'pagewright fields edit category --options Shoes,Shirts,Hats,Bags -c products --site shop.example.com --json id,options',
  );
}
