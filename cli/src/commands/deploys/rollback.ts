import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, yesFlag, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CancelledError, CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { requirePrompt } from '../../lib/prompt.js';

export interface RollbackOptions {
  site: string;
  yes?: boolean;
  json?: JsonOption;
}

/** Makes a kept deploy live again (one switch on the server), after confirmation unless --yes. */
export async function run(id: string, opts: RollbackOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  if (!/^\d{1,9}$/.test(id)) throw new CliError(`${id} is not a deploy id; pagewright deploys list --site ${siteId} shows them`);
  const api = signedIn(deps);
  if (!opts.yes) {
    requirePrompt(deps.prompt, '--yes');
    const { deploys } = unwrap(await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } }));
    const deploy = deploys.find((d) => d.id === Number(id));
    const what = deploy ? `version ${deploy.number} of ${deploy.createdAt}` : `deploy ${id}`;
    if (!(await deps.prompt.confirm(`Make ${what} live at ${siteId}'s domains?`))) throw new CancelledError();
  }
  const answer = unwrap(
    await api.POST('/sites/{siteId}/deploys/{deployId}/rollback', { params: { path: { siteId, deployId: Number(id) } } }),
  );
  if (opts.json) return printJson(deps, answer, opts.json);
  if (answer.url) deps.out.write(`${answer.url}\n`);
  say(deps, `Rolled ${siteId} back to version ${answer.deploy.number}${answer.url ? '' : ' (no verified domain serves it yet)'}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('rollback')
    .description('Make an earlier deploy of a site live again')
    .argument('<id>', 'the deploy id, as deploys list shows it')
    .addOption(siteOption())
    .option(...yesFlag)
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright deploys rollback 41 --site shop.example.com',
    'pagewright deploys rollback 41 --site shop.example.com --yes',
  );
}
