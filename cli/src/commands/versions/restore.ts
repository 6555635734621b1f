import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { historyOf, sayHistory } from './history.js';

export interface RestoreOptions {
  site: string;
  json?: JsonOption;
}

/** A version id as typed, or a CliError that says where the ids are. */
export function versionIdOf(id: string, siteId: string): number {
  const versionId = Number(id);
  if (!Number.isInteger(versionId) || versionId < 1)
    throw new CliError(`"${id}" is not a version id: see pagewright versions list --site ${siteId}`);
  return versionId;
}

/**
 * Brings the site back to any saved version, collections included, as one step of its history:
 * `pagewright versions undo` takes it back. Nothing is discarded, so nothing is asked.
 */
export async function run(id: string, opts: RestoreOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const versionId = versionIdOf(id, siteId);
  const api = signedIn(deps);
  const versions = unwrap(await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } }));
  const version = versions.find((v) => v.id === versionId);
  if (!version) throw new CliError(`${siteId} has no version ${versionId}: see pagewright versions list --site ${siteId}`);
  const result = await api.POST('/sites/{siteId}/versions/{versionId}/restore', { params: { path: { siteId, versionId } } });
  const site = unwrap(result);
  const history = historyOf(result.response);
  if (opts.json) return printJson(deps, { site, history, version }, opts.json);
  say(deps, `Restored version ${version.id} of ${siteId} (${version.message}); pagewright versions undo takes it back`);
  sayHistory(deps, siteId, history);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('restore')
    .argument('<id>', 'the version id (pagewright versions list)')
    .description('Bring the site back to any saved version, as one step that undo takes back')
    .addOption(siteOption())
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright versions restore 3 --site shop.example.com',
    '# the second-newest version, then back again',
    'pagewright versions restore "$(pagewright versions list --site shop.example.com --json | jq .versions[1].id)" --site shop.example.com',
    'pagewright versions undo --site shop.example.com',
  );
}
