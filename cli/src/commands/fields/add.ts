import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { collect, collectionOption } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';

export const FIELD_TYPES = [
  'text',
  'richtext',
  'number',
  'slug',
  'page',
  'image',
  'svg',
  'video',
  'file',
  'vcard',
  'gallery',
  'icon',
  'date',
  'enum',
  'published',
  'list',
  'color',
  'gradient',
] as const;

export interface AddOptions {
  site: string;
  collection: string;
  type: (typeof FIELD_TYPES)[number];
  title?: string;
  options?: string[];
  required?: boolean;
  localizable?: boolean;
  hidden?: boolean;
  placeholder?: string;
  default?: string;
  json?: JsonOption;
}

/** `--default` is JSON when it parses (42, true, ["a"]), text otherwise. */
export function defaultValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Adds a field to a collection; prints its name on stdout. */
export async function run(name: string, opts: AddOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const categories = (opts.options ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  if (categories.length && opts.type !== 'enum') throw new CliError('--options are the categories of an enum field (--type enum)');
  const body: Schemas['FieldInput'] = {
    name,
    type: opts.type,
    ...(opts.title ? { _title: opts.title } : {}),
    ...(categories.length ? { options: categories } : {}),
    ...(opts.required ? { required: true } : {}),
    ...(opts.localizable ? { localizable: true } : {}),
    ...(opts.hidden ? { _hidden: true } : {}),
    ...(opts.placeholder ? { _placeholder: opts.placeholder } : {}),
    ...(opts.default !== undefined ? { default: defaultValue(opts.default) } : {}),
  };
  const field = unwrap(
    await signedIn(deps).POST('/sites/{siteId}/content/{collection}/fields', {
      params: { path: { siteId, collection: opts.collection } },
      body,
    }),
  );
  if (opts.json) return printJson(deps, field, opts.json);
  deps.out.write(`${field.id}\n`);
  say(deps, `Added the ${field.type} field ${field.id} to ${opts.collection}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('add')
    .description('Add a field to a collection')
    .argument('<name>', 'the field key: a-z and 0-9, no spaces')
    .addOption(siteOption())
    .addOption(collectionOption())
    .addOption(new Option('-t, --type <type>', 'the field type').choices(FIELD_TYPES).default('text' as const))
    .option('--title <title>', 'the title shown in the editor')
    .option('--options <categories>', 'enum categories, comma-separated (repeatable)', collect)
    .option('--required', 'items must have a value (not for enum and published)')
    .option('--localizable', 'a value per language (sites with several languages)')
    .option('--hidden', 'hide the field in the editor')
    .option('--placeholder <text>', 'the placeholder of the input')
    .option('--default <value>', 'the value new items start with (JSON, else text)')
    .option(...jsonFlag)
    .action(async (name, options, cmd) => run(name, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright fields add price --type number --title Price --collection products --site shop.example.com',
    'pagewright fields add category --type enum --options "Shoes,Shirts,Hats" --collection products --site shop.example.com',
    'pagewright fields add sku --required --collection products --site shop.example.com',
  );
}
