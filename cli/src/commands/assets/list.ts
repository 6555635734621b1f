import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { Option } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { unwrap } from '../../lib/errors.js';
import { formatDate, formatSize, isPlain, printJson, printTable, yesNo, type JsonOption } from '../../lib/output.js';

export const FILE_TYPES = ['images', 'svgs', 'videos', 'files', 'unused'] as const;

export interface ListOptions {
  site: string;
  type?: (typeof FILE_TYPES)[number];
  search?: string;
  json?: JsonOption;
}

/** Lists the site's asset library (sizes in bytes when plain), and the storage it uses of its plan. */
export async function run(opts: ListOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const query = { ...(opts.type ? { type: opts.type } : {}), ...(opts.search ? { search: opts.search } : {}) };
  const { files, storage } = unwrap(await signedIn(deps).GET('/sites/{siteId}/files', { params: { path: { siteId }, query } }));
  if (opts.json) return printJson(deps, { files, storage }, opts.json);
  const plain = isPlain(deps);
  printTable(
    deps,
    ['name', 'kind', 'size', 'used', 'modified', 'url'],
    files.map((f) => [f.name, f.kind, plain ? String(f.size) : formatSize(f.size), yesNo(f.used), formatDate(deps, f.modified), f.url]),
  );
  if (files.length === 0 && !plain) say(deps, 'No files. Upload some with: pagewright assets upload <files...>');
  const limit = storage.limit === null ? 'unlimited' : formatSize(storage.limit);
  say(deps, `Storage: ${formatSize(storage.used)} of ${limit} (${Math.round(storage.percent)}%)`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('list')
    .alias('ls')
    .description("List a site's asset library and its storage use")
    .addOption(siteOption())
    .addOption(new Option('--type <type>', 'only this kind of file').choices(FILE_TYPES))
    .option('--search <text>', 'only names containing the text')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright assets list --site shop.example.com',
    'pagewright assets list --site shop.example.com --type unused',
    'pagewright assets list --site shop.example.com --search hero --json',
  );
}
