import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, withExamples, type Context } from '../../lib/command.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { printJson, printTable, type JsonOption } from '../../lib/output.js';
import { unwrapAdmin } from './adminOnly.js';

export interface ActivityOptions {
  type: 'all' | 'unique';
  days?: '7' | '30';
  countries?: boolean;
  json?: JsonOption;
}

/** The columns of a window: the last N days and the N days before them (spec 000 §9: 7 and 30). */
const windows = {
  '7': ['last7', 'prev7'],
  '30': ['last30', 'prev30'],
} as const satisfies Record<string, readonly (keyof Schemas['Counter'])[]>;

/** Activity counters per event for the last 7 and 30 days and the periods before (admins only). */
export async function run(opts: ActivityOptions, deps: Deps): Promise<void> {
  const activity = unwrapAdmin(await signedIn(deps).GET('/admin/activity', { params: { query: { type: opts.type } } }));
  if (opts.json) return printJson(deps, activity, opts.json);
  if (opts.countries) {
    return printTable(
      deps,
      ['country', 'users'],
      activity.countries.map((c) => [c.country, String(c.users)]),
    );
  }
  const columns = ['total' as const, ...(opts.days ? windows[opts.days] : [...windows['7'], ...windows['30']])];
  printTable(
    deps,
    ['event', ...columns],
    Object.entries(activity.counters).map(([event, counter]) => [event, ...columns.map((column) => String(counter[column]))]),
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('activity')
    .description('Activity counters: events in the last 7 and 30 days and the periods before')
    .addOption(
      new Option('--type <type>', 'all counts events, unique counts distinct users')
        .choices(['all', 'unique'] as const)
        .default('all' as const),
    )
    .addOption(new Option('--days <days>', 'show one window only: the last 7 or 30 days and the ones before').choices(['7', '30'] as const))
    .option('--countries', 'list users per country instead')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright admin activity',
    'pagewright admin activity --type unique --days 7',
    'pagewright admin activity --countries',
    'pagewright admin activity --json',
  );
}
