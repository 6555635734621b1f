import { createElement } from 'react';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';

export interface TuiOptions {
  site?: string;
}

/** The message for a run without a terminal: the screens need keys and a screen to draw on. */
export const NEEDS_TERMINAL = 'pagewright tui needs a terminal (stdin and stdout a TTY)';

/** Opens the terminal UI on the site (or on the site picker) and waits until it is closed. */
export async function run(opts: TuiOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  // deps.prompt is enabled only when stdin and stderr are terminals; isTTY is stdout's.
  if (!deps.isTTY || !deps.prompt.enabled)
    throw new CliError(NEEDS_TERMINAL, 1, 'Use the commands instead (pagewright --help), e.g. pagewright versions list --site <domain>');
  // ink draws nothing until it exits when CI is set (is-in-ci, read as ink loads); on a terminal
  // someone is looking at the screen, so the frames are drawn whatever CI says.
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) if (process.env[key] !== undefined) process.env[key] = 'false';
  // Loaded here so the other commands never pay for React and ink.
  const [{ render }, { App }] = await Promise.all([import('ink'), import('../../tui/App.js')]);
  const app = render(createElement(App, { api, siteId: opts.site ?? null, cwd: process.cwd() }), { exitOnCtrlC: true });
  await app.waitUntilExit();
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('tui')
    .description('Open the terminal UI: CMS items, redirects, versions and publish (also plain `pagewright` on a terminal)')
    .addOption(new Option('-s, --site <domain>', 'the site to open (otherwise a site picker)').env('PAGEWRIGHT_SITE'))
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright tui --site shop.example.com', 'pagewright tui', 'PAGEWRIGHT_SITE=shop.example.com pagewright');
}
