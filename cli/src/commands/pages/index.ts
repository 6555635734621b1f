import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { assignments, settingText } from '../../lib/assign.js';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, printRecord, printTable, yesNo, type JsonOption } from '../../lib/output.js';

type Page = Schemas['Page'];

/** The text of a value that may be localized: the plain text, or the first language's. */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const first = Object.entries(value).find(([key, v]) => key !== '_loc' && typeof v === 'string');
    if (first) return String(first[1]);
  }
  return '';
}

/** The address a visitor opens: `/` for home, `/<slug>/` for the others (the header, footer and 404 have none). */
function addressOf(page: Page): string {
  if (page.id === 'home') return '/';
  if (['_before', '_after', '404'].includes(page.id)) return '';
  return `/${plain(page.slug) || page.id}/`;
}

async function pagesOf(deps: Deps, siteId: string): Promise<Page[]> {
  const site = unwrap(await signedIn(deps).GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } }));
  return site.pages ?? [];
}

export interface ListOptions {
  site: string;
  json?: JsonOption;
}

/** The site's pages in order: id, name, address, and whether each is hidden from search engines or unpublished. */
export async function list(opts: ListOptions, deps: Deps): Promise<void> {
  const pages = await pagesOf(deps, opts.site);
  if (opts.json) return printJson(deps, pages, opts.json);
  printTable(
    deps,
    ['id', 'name', 'address', 'hidden', 'unpublished'],
    pages.map((p) => [p.id, p.name, addressOf(p), yesNo(p.hidden), yesNo(p.unpublished)]),
  );
}

export interface SettingsOptions {
  site: string;
  json?: JsonOption;
}

/** A page's settings (spec 002 page settings), or with name=value pairs, changes them. */
export async function settings(pageId: string, pairs: string[], opts: SettingsOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const pages = await pagesOf(deps, siteId);
  const page = pages.find((p) => p.id === pageId || p.id === pageId.replaceAll('|', '/'));
  if (!page) throw new CliError(`${siteId} has no page ${pageId}`, undefined, `Its pages: ${pages.map((p) => p.id).join(', ')}`);
  let shown: Omit<Page, 'sections'> & { sections?: string[] } = page;
  if (pairs.length > 0) {
    const body = assignments(pairs);
    unwrap(
      await signedIn(deps).PATCH('/sites/{siteId}/pages/{pageId}', {
        params: { path: { siteId, pageId: page.id.replaceAll('/', '|') } },
        body,
      }),
    );
    const id = typeof body.id === 'string' ? body.id : page.id;
    shown = (await pagesOf(deps, siteId)).find((p) => p.id === id) ?? page;
    if (!opts.json) return say(deps, `Saved ${Object.keys(body).join(', ')} of the page ${shown.id} of ${siteId}`);
  }
  const { sections: _sections, ...record } = shown;
  if (opts.json) return printJson(deps, record, opts.json);
  printRecord(
    deps,
    Object.entries(record).map(([name, value]) => [name, settingText(value)]),
  );
}

/** `pagewright pages`: the site's pages and their settings. */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const pages = withExamples(
    program.command('pages').description("List a site's pages and read or change their settings"),
    'pagewright pages list --site shop.example.com',
    'pagewright pages settings about --site shop.example.com',
    'pagewright pages settings about title="About us" hidden:=true --site shop.example.com',
  );
  withExamples(
    pages
      .command('list')
      .alias('ls')
      .description("List the site's pages: id, name, address, hidden, unpublished")
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (options, cmd) => list(options, ctx.deps(cmd))),
    'pagewright pages list --site shop.example.com',
    'pagewright pages list --site shop.example.com --json id,name',
  );
  withExamples(
    pages
      .command('settings')
      .argument('<page>', 'the page id (pagewright pages list): home, about, posts/:slug')
      .argument('[name=value...]', 'settings to change: name=text, name:=JSON (true, numbers), name= removes')
      .description(
        "Print a page's settings, or change the ones named (slug, name, title, description, canonical, hidden, unpublished, icon, share, code, id)",
      )
      .addOption(siteOption())
      .option(...jsonFlag)
      .action(async (page, pairs, options, cmd) => settings(page, pairs, options, ctx.deps(cmd))),
    'pagewright pages settings about --site shop.example.com',
    'pagewright pages settings about description="Who we are" hidden:=true --site shop.example.com',
    'pagewright pages settings about id=team --site shop.example.com',
    'pagewright pages settings home --site shop.example.com --json title,description',
  );
  return pages;
}
