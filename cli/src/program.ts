import { Command, Option } from '@commander-js/extra-typings';
import * as admin from './commands/admin/index.js';
import * as api from './commands/api/index.js';
import * as apiKeys from './commands/apiKeys/index.js';
import * as assets from './commands/assets/index.js';
import * as login from './commands/auth/login.js';
import * as logout from './commands/auth/logout.js';
import * as whoami from './commands/auth/whoami.js';
import * as collaborators from './commands/collaborators/index.js';
import * as collections from './commands/collections/index.js';
import * as content from './commands/content/index.js';
import * as fields from './commands/fields/index.js';
import * as items from './commands/items/index.js';
import * as legal from './commands/legal/index.js';
import * as locales from './commands/locales/index.js';
import * as pages from './commands/pages/index.js';
import * as settings from './commands/settings/index.js';
import * as join from './commands/collaborators/join.js';
import * as plans from './commands/plans/index.js';
import * as publish from './commands/publish/index.js';
import * as deploys from './commands/deploys/index.js';
import * as redirects from './commands/redirects/index.js';
import * as sites from './commands/sites/index.js';
import * as submissions from './commands/submissions/index.js';
import * as templates from './commands/templates/index.js';
import * as versions from './commands/versions/index.js';
import * as tui from './commands/tui/index.js';
import { withExamples, type Context } from './lib/command.js';
import { VERSION, type Io } from './lib/deps.js';

const ENVIRONMENT = `
Environment:
  PAGEWRIGHT_URL         the server (like --url); otherwise the one you logged in to, else http://localhost:8080
  PAGEWRIGHT_TOKEN       a session token, used instead of the stored login
  PAGEWRIGHT_API_KEY     an API key, used when PAGEWRIGHT_TOKEN is not set
  PAGEWRIGHT_SITE        the site of the site commands (like --site)
  PAGEWRIGHT_CONFIG_DIR  where the login is stored (default: $XDG_CONFIG_HOME/pagewright or ~/.config/pagewright)
  NO_COLOR               plain tab-separated output, as when stdout is not a terminal

Exit codes: 0 ok, 1 failure, 2 cancelled, 4 authentication needed.
`;

/** The `pagewright` command and every noun under it. Help goes to stdout, errors to stderr. */
export function buildProgram(ctx: Context, io: Pick<Io, 'stdout' | 'stderr'>) {
  const program = new Command('pagewright')
    .description(
      'Pagewright from the terminal: sign in, then manage sites, settings, pages, versions, publishing, assets, API keys, collaborators, CMS content, translations, redirects and form submissions, or call any operation of the API',
    )
    .version(VERSION)
    .addOption(new Option('--url <url>', 'the Pagewright server').env('PAGEWRIGHT_URL'))
    // Settings made before .command() are inherited by every subcommand.
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  withExamples(
    program,
    'pagewright login --url https://builder.example.com',
    'pagewright sites list',
    'pagewright collaborators invite --site shop.example.com',
    'pagewright versions commit --site shop.example.com -m "New pricing" && pagewright publish --site shop.example.com',
    'pagewright items import products.csv --collection products --upsert-by sku --site shop.example.com',
    'pagewright admin activity --type unique --json',
    'pagewright api /sites/{siteId}/versions --site shop.example.com --jq ".[0].hash"',
  ).addHelpText('after', ENVIRONMENT);
  for (const noun of [
    login,
    logout,
    whoami,
    sites,
    templates,
    collaborators,
    join,
    versions,
    publish,
    deploys,
    settings,
    pages,
    assets,
    apiKeys,
    collections,
    fields,
    items,
    content,
    redirects,
    locales,
    submissions,
    legal,
    plans,
    admin,
    api,
    tui,
  ])
    noun.register(program, ctx);
  return program;
}
