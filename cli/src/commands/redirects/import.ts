import fs from 'node:fs';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { apiFailure, CliError, SilentExit, unwrap } from '../../lib/errors.js';
import { printJson, printRecord, type JsonOption } from '../../lib/output.js';

export interface ImportOptions {
  site: string;
  json?: JsonOption;
}

interface Rejected {
  line: number;
  from: string;
  to: string;
  message: string;
  field?: string;
}

/**
 * Adds the redirects of a CSV of `from,to` rows (a first row `from,to` is a header), in order, one call
 * each (each is a history entry, as in the editor). A from that exists is ignored and counted; a row the
 * server refuses is reported with its message and the rest go on; exit 1 when any was refused.
 */
export async function run(file: string, opts: ImportOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  if (!fs.existsSync(file)) throw new CliError(`cannot read ${file}: no such file`);
  const summary = { added: 0, ignored: 0, rejected: [] as Rejected[] };
  const { parse } = await import('csv-parse');
  const parser = fs
    .createReadStream(file)
    .pipe(parse({ bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, info: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const [from = '', to = ''] = record;
      if (info.lines === 1 && from.toLowerCase() === 'from' && to.toLowerCase() === 'to') continue;
      const result = await api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from, to } });
      if (result.response.status === 400) {
        const error = result.error as { error?: string; info?: { field?: string } } | undefined;
        const field = error?.info?.field;
        summary.rejected.push({ line: info.lines, from, to, message: error?.error ?? 'refused', ...(field ? { field } : {}) });
        if (!opts.json) say(deps, `line ${info.lines}: ${from} -> ${to}: ${error?.error ?? 'refused'}`);
        continue;
      }
      if (!result.response.ok) throw apiFailure(result.error, result.response);
      const answer = unwrap(result);
      if (answer.changed === false) {
        summary.ignored++;
        if (!opts.json) say(deps, `line ${info.lines}: ignored, a redirect from ${from} exists already`);
      } else summary.added++;
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${file} as CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (opts.json) printJson(deps, summary, opts.json);
  else {
    printRecord(deps, [
      ['added', String(summary.added)],
      ['ignored', String(summary.ignored)],
      ['rejected', String(summary.rejected.length)],
    ]);
    say(
      deps,
      `Imported redirects into ${siteId}: ${summary.added} added, ${summary.ignored} ignored (from exists), ${summary.rejected.length} rejected`,
    );
  }
  if (summary.rejected.length) throw new SilentExit();
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('import')
    .description('Add the redirects of a CSV file of from,to rows')
    .argument('<file>', 'a CSV file: from,to per line (a first line "from,to" is a header)')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (file, options, cmd) => run(file, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright redirects import redirects.csv --site shop.example.com',
    'pagewright redirects import old-site.csv --site shop.example.com --json',
  );
}
