import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { assignments, settingText, valueAt } from '../../lib/assign.js';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, printRecord, type JsonOption } from '../../lib/output.js';

export interface GetOptions {
  site: string;
  json?: JsonOption;
}

/** The site's settings (spec 002 settings pages), or one of them by its dotted name. */
export async function get(key: string | undefined, opts: GetOptions, deps: Deps): Promise<void> {
  const site = unwrap(await signedIn(deps).GET('/sites/{siteId}', { params: { path: { siteId: opts.site } } }));
  const settings = (site.settings ?? {}) as Record<string, unknown>;
  if (key !== undefined) {
    const value = valueAt(settings, key);
    if (value === undefined)
      throw new CliError(`${opts.site} has no setting ${key}`, undefined, `Its settings: ${Object.keys(settings).join(', ')}`);
    if (opts.json) return printJson(deps, value, true);
    deps.out.write(`${settingText(value)}\n`);
    return;
  }
  if (opts.json) return printJson(deps, settings, opts.json);
  printRecord(
    deps,
    Object.entries(settings).map(([name, value]) => [name, settingText(value)]),
  );
}

export interface SetOptions {
  site: string;
  json?: JsonOption;
}

/** Changes settings with PATCH /sites/{siteId}: only the keys named change (objects too). */
export async function set(pairs: string[], opts: SetOptions, deps: Deps): Promise<void> {
  if (pairs.length === 0) throw new CliError('name at least one setting: key=value');
  const body = assignments(pairs);
  const site = unwrap(await signedIn(deps).PATCH('/sites/{siteId}', { params: { path: { siteId: opts.site } }, body }));
  if (opts.json) return printJson(deps, site.settings ?? {}, opts.json);
  say(deps, `Saved ${Object.keys(body).join(', ')} of ${opts.site}`);
}

/** `pagewright settings`: the site's settings, read and changed by name. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const settings = withExamples(
    program
      .command('settings')
      .description("Read and change a site's settings (general, publish, compile, integrations, social, forms, code)"),
    'pagewright settings get --site shop.example.com',
    'pagewright settings get integrations --site shop.example.com --json',
    'pagewright settings set title="Fresh bread daily" themeColor="#3e64de" --site shop.example.com',
  );
  withExamples(
    settings
      .command('get')
      .argument('[name]', 'one setting, dotted for a key inside one (publish.webhook)')
      .description("Print the site's settings, or one of them")
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (name, options, cmd) => get(name, options, ctx.deps(cmd))),
    'pagewright settings get --site shop.example.com',
    'pagewright settings get title --site shop.example.com',
    'pagewright settings get --site shop.example.com --json languages,title',
  );
  withExamples(
    settings
      .command('set')
      .argument('<name=value...>', 'settings to change: name=text, name:=JSON (numbers, true, lists), name= removes; dots nest')
      .description('Change settings of the site; only the ones named change')
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (pairs, options, cmd) => set(pairs, options, ctx.deps(cmd))),
    'pagewright settings set title="Fresh bread daily" --site shop.example.com',
    'pagewright settings set languages:=\'["en","fi"]\' --site shop.example.com',
    'pagewright settings set publish.webhook=https://ci.example.com/hook integrations.gaId=G-123 --site shop.example.com',
    'pagewright settings set favicon= --site shop.example.com',
  );
  return settings;
}
