import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { positiveInt } from '../../lib/content.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { formatDate, printJson, printTable, type JsonOption } from '../../lib/output.js';
import { formOption, statusOption, submissionPages, type FilterOptions, type Submission } from './shared.js';

export interface ListOptions extends FilterOptions {
  site: string;
  limit: number;
  offset: number;
  json?: JsonOption;
}

/** Lists form submissions, newest first: id, form, status, date and the fields sent (`name=value; …`). */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const items: Submission[] = [];
  let total = 0;
  let forms: string[] = [];
  for await (const page of submissionPages(signedIn(deps), opts.site, opts, opts.offset, opts.limit)) {
    items.push(...page.items);
    total = page.total;
    forms = page.forms;
  }
  if (opts.json) return printJson(deps, { items, total, forms, offset: opts.offset, limit: opts.limit }, opts.json);
  printTable(
    deps,
    ['id', 'form', 'status', 'received', 'fields'],
    items.map((s) => [
      String(s.id),
      s.formName,
      s.status,
      formatDate(deps, s.timestamp),
      Object.entries(s.body)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(', ') : v}`)
        .join('; '),
    ]),
  );
  if (items.length < total) {
    const next = opts.offset + items.length;
    say(
      deps,
      `Submissions ${items.length ? `${opts.offset + 1}-${next}` : 'none'} of ${total}${next < total ? `; next: --offset ${next}` : ''}`,
    );
  }
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's form submissions, newest first")
    .addOption(siteOption())
    .addOption(statusOption())
    .addOption(formOption())
    .option('--limit <n>', 'at most this many', positiveInt('--limit'), 50)
    .option('--offset <n>', 'skip this many', positiveInt('--offset', 0), 0)
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright submissions list --site shop.example.com',
    'pagewright submissions list --site shop.example.com --status new --form contact --json',
  );
}
