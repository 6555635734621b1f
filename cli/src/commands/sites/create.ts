import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface CreateOptions {
  name?: string;
  domain?: string;
  template?: string;
  json?: JsonOption;
}

/** Creates a site from a template; the domain becomes the site id for good. Asks for what is missing on a terminal. */
export async function run(opts: CreateOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  let { name, domain, template } = opts;
  if (!name || !domain || !template) {
    requirePrompt(deps.prompt, '--name, --domain and --template');
    name ||= await deps.prompt.text('Site name: ');
    domain ||= await deps.prompt.text('Domain (it cannot be changed later): ');
    if (!template) {
      const templates = unwrap(await api.GET('/templates'));
      say(deps, `Templates: ${templates.map((t) => t.id).join(', ')}`);
      template = await deps.prompt.text('Template: ');
    }
  }
  const site = unwrap(await api.POST('/sites', { body: { name, siteId: domain, templateId: template } }));
  if (opts.json) return printJson(deps, site, opts.json);
  deps.out.write(`${site.id}\n`);
  say(deps, `Created site ${site.name} (${site.id}) from the ${template} template`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('create')
    .description('Create a site from a template')
    .option('--name <name>', 'the site name (at least 2 characters)')
    .option('--domain <domain>', 'the domain; it becomes the site id and cannot change')
    .option('--template <id>', 'the template to start from (see: pagewright templates list)')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright sites create --name "My shop" --domain shop.example.com --template launch',
    '# asks for what is missing',
    'pagewright sites create',
  );
}
