import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import type { Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatLimit, formatPrice, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface ListOptions {
  json?: JsonOption;
}

/** Lists the plans and their limits, free first (no sign-in needed). */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const plans = unwrap(await deps.api.GET('/payments/plans'));
  if (opts.json) return printJson(deps, plans, opts.json);
  printTable(
    deps,
    ['id', 'name', 'monthly', 'yearly', 'sites', 'languages', 'collaborators', 'storage'],
    plans.map((p) => [
      String(p.id),
      p.name,
      formatPrice(p.monthlyPrice, p.currency),
      formatPrice(p.yearlyPrice, p.currency),
      formatLimit(p.sites),
      formatLimit(p.languages),
      formatLimit(p.collaborators),
      `${p.storage} MB`,
    ]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description('List the plans and their limits')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(command, 'pagewright plans list', 'pagewright plans list --json');
}
