import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { cellText, type Item } from '../../lib/content.js';
import { signedIn, type Deps } from '../../lib/deps.js';
import { apiFailure, unwrap } from '../../lib/errors.js';
import { printJson, printTable, type JsonOption } from '../../lib/output.js';

/** The legal collections of spec 002 ("Legal collections: thirdparty and subprocessors"). */
const COLLECTIONS = [
  { id: '_thirdparty', kind: 'third party', detail: ['purpose', 'company', 'country'] },
  { id: '_subprocessors', kind: 'subprocessor', detail: ['purpose', 'data', 'location'] },
] as const;

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/**
 * What the privacy policy is made of (spec 002 settings/legal): the legal variables, and the items
 * of the third parties and subprocessors collections. Reading them needs no plan feature.
 */
export async function list(opts: ListOptions, deps: Deps): Promise<void> {
  const api = signedIn(deps);
  const siteId = opts.site;
  const site = unwrap(await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'globals' } } }));
  const variables = site.globals?.legal ?? {};
  const items: Record<string, Item[]> = {};
  for (const { id } of COLLECTIONS) {
    const result = await api.GET('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId, collection: id }, query: { limit: 100 } },
    });
    // A site that never listed a third party has no such collection yet.
    if (result.response.status === 404) items[id] = [];
    else if (!result.response.ok) throw apiFailure(result.error, result.response);
    else items[id] = result.data!.items;
  }
  if (opts.json) return printJson(deps, { variables, thirdparty: items._thirdparty, subprocessors: items._subprocessors }, opts.json);
  printTable(
    deps,
    ['kind', 'name', 'value'],
    [
      ...Object.entries(variables).map(([name, value]) => ['variable', `legal.${name}`, value]),
      ...COLLECTIONS.flatMap(({ id, kind, detail }) =>
        (items[id] ?? []).map((item) => [
          kind,
          cellText(item.name),
          detail
            .map((key) => cellText(item[key]))
            .filter(Boolean)
            .join(', '),
        ]),
      ),
    ],
  );
}

/** `pagewright legal`: the legal variables and collections of the privacy policy. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const legal = withExamples(
    program.command('legal').description("List a site's legal variables, third parties and subprocessors (settings/legal)"),
    'pagewright legal list --site shop.example.com',
  );
  withExamples(
    legal
      .command('list')
      .alias('ls')
      .description('List the legal variables, then the third parties and subprocessors')
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (options, cmd) => list(options, ctx.deps(cmd))),
    'pagewright legal list --site shop.example.com',
    'pagewright legal list --site shop.example.com --json thirdparty',
    '# the lists are CMS collections: pagewright items list -c _thirdparty --site shop.example.com',
  );
  return legal;
}
