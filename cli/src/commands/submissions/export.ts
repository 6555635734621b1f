import fs from 'node:fs';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError } from '../../lib/errors.js';
import { FORMATS, formatOfName, type Format } from '../../lib/records.js';
import { formOption, statusOption, submissionPages, valueText, type FilterOptions, type Submission } from './shared.js';

export interface ExportOptions extends FilterOptions {
  site: string;
  format?: Format;
  out?: string;
}

/**
 * Every matching submission as CSV (id, form, status, language, received, then one column per field name
 * sent, in order of first appearance), a JSON array or NDJSON; to stdout or --out.
 */
export async function run(opts: ExportOptions, deps: Deps): Promise<void> {
  const format: Format = opts.format ?? (opts.out ? formatOfName(opts.out) : null) ?? 'csv';
  const items: Submission[] = [];
  for await (const page of submissionPages(signedIn(deps), opts.site, opts)) items.push(...page.items);
  let text: string;
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync');
    const names: string[] = [];
    for (const s of items) for (const name of Object.keys(s.body)) if (!names.includes(name)) names.push(name);
    const columns = ['id', 'form', 'status', 'language', 'received', ...names];
    text = stringify(
      items.map((s) => [String(s.id), s.formName, s.status, s.language, s.timestamp, ...names.map((n) => valueText(s.body[n]))]),
      { header: true, columns },
    );
  } else if (format === 'ndjson') text = items.map((s) => `${JSON.stringify(s)}\n`).join('');
  else text = `${JSON.stringify(items, null, 2)}\n`;
  if (opts.out) {
    try {
      fs.writeFileSync(opts.out, text);
    } catch (error) {
      throw new CliError(`cannot write ${opts.out}: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else deps.out.write(text);
  say(
    deps,
    `Exported ${items.length} ${items.length === 1 ? 'submission' : 'submissions'}${opts.out ? ` to ${opts.out}` : ''} as ${format.toUpperCase()}`,
  );
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('export')
    .description("Write a site's form submissions as CSV, JSON or NDJSON")
    .addOption(siteOption())
    .addOption(statusOption())
    .addOption(formOption())
    .addOption(new Option('--format <format>', 'the format (default: from --out, else csv)').choices(FORMATS))
    .option('-o, --out <file>', 'write to a file instead of stdout')
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright submissions export --site shop.example.com --out submissions.csv',
    'pagewright submissions export --site shop.example.com --form contact --status new --format json',
  );
}
