import fs from 'node:fs';
import path from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { fetchVersion, md5, writeNew } from '../../lib/downloads.js';
import { CliError, unwrap } from '../../lib/errors.js';
import { printJson, type JsonOption } from '../../lib/output.js';
import { versionIdOf } from './restore.js';

export interface DownloadOptions {
  site: string;
  out?: string;
  json?: JsonOption;
}

/**
 * Saves a version's site document (JSON): into the current folder under the server's name (never
 * replacing a file that is there: `name-1.json`), to `--out <file>`, or to stdout with `--out -`.
 */
export async function run(id: string, opts: DownloadOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const versionId = versionIdOf(id, siteId);
  const api = signedIn(deps);
  const versions = unwrap(await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } }));
  const version = versions.find((v) => v.id === versionId);
  if (!version) throw new CliError(`${siteId} has no version ${versionId}: see pagewright versions list --site ${siteId}`);
  const bytes = await fetchVersion(api, siteId, version);
  if (opts.out === '-') {
    deps.out.write(bytes.toString('utf8'));
    return;
  }
  let file: string;
  if (opts.out) {
    file = path.resolve(opts.out);
    fs.writeFileSync(file, bytes);
  } else file = writeNew(process.cwd(), version.download.name, bytes);
  const saved = { id: version.id, hash: version.hash, name: path.basename(file), path: file, md5: md5(bytes), size: bytes.length };
  if (opts.json) return printJson(deps, saved, opts.json);
  deps.out.write(`${file}\n`);
  say(deps, `Saved version ${version.id} of ${siteId} (${version.message}) to ${file}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('download')
    .argument('<id>', 'the version id (pagewright versions list)')
    .description("Save a version's site document as JSON, checked against its MD5 (prints the file path)")
    .addOption(siteOption())
    .option('-o, --out <file>', 'where to write it (- for stdout); default: the version file name in the current folder')
    .option(...jsonFlag)
    .action(async (id, options, cmd) => run(id, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright versions download 3 --site shop.example.com',
    'pagewright versions download 3 --site shop.example.com --out - | jq .pages[0].name',
  );
}
