import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../../lib/command.js';
import { say, signedIn, type Deps } from '../../../lib/deps.js';
import { CliError } from '../../../lib/errors.js';
import { printJson, type JsonOption } from '../../../lib/output.js';
import { unwrapAdmin } from '../adminOnly.js';
import { findUser, userArgument, withParentJson } from './resolve.js';

export interface SetPlanOptions {
  json?: JsonOption;
}

/** Puts a user on a plan, without a payment provider; Stripe's webhooks then leave it as it is. */
export async function run(user: string, planId: string, opts: SetPlanOptions, deps: Deps): Promise<void> {
  const plan = Number(planId);
  if (!/^\d+$/.test(planId) || plan < 1)
    throw new CliError(`the plan is a plan id such as 2 (see \`pagewright plans list\`), got "${planId}"`);
  const target = await findUser(deps, user);
  const updated = unwrapAdmin(
    await signedIn(deps).PATCH('/admin/users/{userId}', { params: { path: { userId: target.id } }, body: { planId: plan } }),
  );
  if (opts.json) return printJson(deps, updated, opts.json);
  say(deps, `${updated.name} <${updated.email}> is on plan ${updated.planId}, set by an admin`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('set-plan')
    .description("Put a user on a plan (admins only); Stripe's webhooks do not change a plan set this way")
    .argument(...userArgument)
    .argument('<planId>', 'the plan id (see `pagewright plans list`)')
    .option(...jsonFlag)
    .action(async (user, planId, options, cmd) => run(user, planId, withParentJson(options, cmd), ctx.deps(cmd)));
  return withExamples(command, 'pagewright admin users set-plan ada@example.com 3', 'pagewright admin users set-plan 42 2 --json');
}
