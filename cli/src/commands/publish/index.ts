import fs from 'node:fs';
import path from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Schemas } from '@pagewright/sdk';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { fetchZip } from '../../lib/downloads.js';
import { apiFailure, CliError, ExitCode, unwrap } from '../../lib/errors.js';
import { waitLive } from '../../lib/live.js';
import { formatSize, printJson, type JsonOption } from '../../lib/output.js';

export interface PublishOptions {
  site: string;
  download?: string;
  wait?: boolean;
  json?: JsonOption;
}

type Download = Schemas['Download'];

/** What `--json` prints: the publish with its zip flattened, and the hash of the site document it was made from. */
export interface PublishResult extends Download {
  site: string;
  type: Schemas['Publish']['type'];
  /** SHA-256 of the site document published: a version's hash when nothing changed since that commit. */
  hash: string;
  /** The saved version the published document is, when it is one. */
  version: number | null;
  author: string;
  timestamp: string;
  files: number;
  webhook?: { status: number | null };
  /** Where --download wrote the zip. */
  path?: string;
  /** The deploy's version, and where the site is live (its first verified domain), or null. */
  deploy: number;
  liveUrl: string | null;
}

/**
 * Publishes a site: the server compiles and zips it, then posts the download link to the site's
 * webhook (when it has one), or, with --download, the zip is fetched and written to a file.
 */
export async function run(opts: PublishOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  const site = unwrap(await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'versions' } } }));
  const query = opts.download ? { type: 'download' as const } : {};
  const answer = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query } });
  if (!answer.response.ok) throw publishFailure(answer.error, answer.response);
  const publish = unwrap(answer);
  const newest = site.versions?.[0];
  const result: PublishResult = {
    site: siteId,
    type: publish.type,
    hash: site.hash,
    version: newest && newest.hash === site.hash ? newest.id : null,
    ...publish.download,
    author: publish.author,
    timestamp: publish.timestamp,
    files: publish.files.length,
    ...(publish.webhook ? { webhook: publish.webhook } : {}),
    deploy: publish.deploy.number,
    liveUrl: publish.url,
  };
  if (opts.download) result.path = await saveZip(deps, siteId, publish.download, opts.download);
  if (opts.wait) {
    if (!publish.url)
      throw new CliError(
        `Published ${siteId} (version ${publish.deploy.number}), but it has no verified domain: this server does not serve it anywhere`,
        ExitCode.failure,
        `Add a domain and verify it: the Publish menu's Domains in the web app`,
      );
    if (!(await waitLive(deps.config.url, publish.url, publish.deploy.number)))
      throw new CliError(`Version ${publish.deploy.number} of ${siteId} was not served at ${publish.url} within 30 s`);
  }

  if (opts.json) return printJson(deps, result, opts.json);
  if (opts.wait) {
    deps.out.write(`${publish.url}\n`);
    return say(deps, `${siteId} version ${publish.deploy.number} is live at ${publish.url}`);
  }
  deps.out.write(`${result.path ?? publish.download.url}\n`);
  say(deps, `Published ${siteId}: ${result.files} files, zip ${formatSize(result.size)} (md5 ${result.md5})`);
  if (result.path) say(deps, `Wrote ${result.name} to ${result.path}`);
  else if (publish.type === 'webhook') {
    say(
      deps,
      publish.webhook?.status == null
        ? 'The webhook did not answer within 3 s; counted as delivered'
        : `The webhook answered ${publish.webhook.status}`,
    );
  } else say(deps, 'The download link above is valid for 7 days');
}

/** A refused webhook still leaves the zip behind its link: say where, so the deploy can be finished by hand. */
function publishFailure(error: { info?: unknown } | undefined, response: Response): CliError {
  const failure = apiFailure(error, response);
  const url = downloadUrlOf(error?.info);
  return url ? new CliError(failure.message, failure.exitCode, `The zip was made all the same: ${url}`) : failure;
}

/** `info.download.url` of a 502 answer (a webhook that refused). */
function downloadUrlOf(info: unknown): string | null {
  if (typeof info !== 'object' || info === null || !('download' in info)) return null;
  const { download } = info;
  if (typeof download !== 'object' || download === null || !('url' in download)) return null;
  return typeof download.url === 'string' ? download.url : null;
}

/** Writes the published zip (fetched and MD5-checked) to `file`. */
async function saveZip(deps: Deps, siteId: string, download: Download, file: string): Promise<string> {
  const target = path.resolve(file);
  fs.writeFileSync(target, await fetchZip(deps.api, siteId, download));
  return target;
}

export function register(program: CommandUnknownOpts, ctx: Context) {
  const command = program
    .command('publish')
    .description('Publish a site: compile and zip it, make it live at its domains, then notify its webhook or download the zip')
    .addOption(siteOption())
    .option('--download <file>', 'write the zip to this file instead of notifying the webhook')
    .option('--wait', 'wait until the site is served at its domain, and print its live address')
    .option(...jsonFlag)
    .action(async (options, cmd) => run(options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright publish --site shop.example.com',
    'pagewright publish --site shop.example.com --download site.zip',
    'pagewright publish --site shop.example.com --wait',
    '# in CI, with an API key of the site',
    'PAGEWRIGHT_API_KEY=$KEY PAGEWRIGHT_SITE=shop.example.com pagewright publish --json',
  );
}
