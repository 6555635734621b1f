import { Argument, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { itemId } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { STATUSES, type Status } from './shared.js';

export interface SetStatusOptions {
  site: string;
  json?: JsonOption;
}

/** Sets a submission's status (spec 002 §4: any status to any other). */
export async function run(id: number, status: Status, opts: SetStatusOptions, deps: Deps): Promise<void> {
  const submission = unwrap(
    await signedIn(deps).PATCH('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: opts.site, id } }, body: { status } }),
  );
  if (opts.json) return printJson(deps, submission, opts.json);
  say(deps, `Submission ${id} of ${opts.site} is ${submission.status}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('set-status')
    .description("Set a submission's status")
    .argument('<id>', 'the submission id (pagewright submissions list)', itemId)
    .addArgument(new Argument('<status>', 'the new status').choices(STATUSES))
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (id, status, options, cmd) => run(id, status, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright submissions set-status 12 completed --site shop.example.com',
    'pagewright submissions list --site shop.example.com --status new | cut -f1 | xargs -I{} pagewright submissions set-status {} in_progress --site shop.example.com',
  );
}
