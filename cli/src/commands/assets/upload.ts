import fs from 'node:fs';
import path from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { jsonFlag, siteOption, withExamples, type Context } from '../../lib/command.js';
import { say, signedIn, type Deps } from '../../lib/deps.js';
import { apiFailure, CliError, unwrap } from '../../lib/errors.js';
import { formatSize, printJson, printTable, type JsonOption } from '../../lib/output.js';

export interface UploadOptions {
  site: string;
  overwrite?: boolean;
  json?: JsonOption;
}

/** The server takes up to 20 files in one upload (fields file0..file19). */
const MAX_FILES = 20;

/** Reads the files before anything is sent, so a missing one stops the upload with nothing stored. */
function readFiles(files: string[]): { name: string; bytes: Buffer }[] {
  if (files.length > MAX_FILES) throw new CliError(`at most ${MAX_FILES} files in one upload (got ${files.length})`);
  return files.map((file) => {
    try {
      return { name: path.basename(file), bytes: fs.readFileSync(file) };
    } catch (error) {
      const reason =
        error instanceof Error && 'code' in error && error.code === 'ENOENT'
          ? 'no such file'
          : error instanceof Error
            ? error.message
            : String(error);
      throw new CliError(`cannot read ${file}: ${reason}`);
    }
  });
}

/** The server names a refused file by its field (`file2`): name it by its file name instead. */
function uploadFailure(error: { info?: unknown } | undefined, response: Response, names: string[]): CliError {
  const info = error?.info;
  const field = typeof info === 'object' && info !== null && 'field' in info ? info.field : null;
  const index = typeof field === 'string' ? /^file(\d+)$/.exec(field)?.[1] : undefined;
  const name = index === undefined ? undefined : names[Number(index)];
  if (!error || !name) return apiFailure(error, response);
  const failure = apiFailure({ ...error, info: undefined }, response);
  return new CliError(`${failure.message} file: ${name}`, failure.exitCode, failure.hint);
}

/** Uploads files to the site's asset library in one request: all are stored or none. */
export async function run(files: string[], opts: UploadOptions, deps: Deps): Promise<void> {
  const siteId = opts.site;
  const api = signedIn(deps);
  const read = readFiles(files);
  const form = new FormData();
  // The typed body names each field's file; the FormData carries the bytes (the server reads the type from them).
  const body: { file0: string; overwrite?: 'true' | 'false' } & Record<string, string> = { file0: read[0]?.name ?? '' };
  read.forEach(({ name, bytes }, i) => {
    body[`file${i}`] = name;
    form.append(`file${i}`, new Blob([new Uint8Array(bytes)]), name);
  });
  if (opts.overwrite) {
    body.overwrite = 'true';
    form.append('overwrite', 'true');
  }
  const result = await api.POST('/sites/{siteId}/files', { params: { path: { siteId } }, body, bodySerializer: () => form });
  if (!result.response.ok)
    throw uploadFailure(
      result.error,
      result.response,
      read.map((f) => f.name),
    );
  const stored = unwrap(result);
  if (opts.json) return printJson(deps, stored, opts.json);
  printTable(
    deps,
    ['name', 'kind', 'size', 'url'],
    stored.map((f) => [f.name, f.kind, formatSize(f.size), f.url]),
  );
  say(deps, `Uploaded ${stored.length} ${stored.length === 1 ? 'file' : 'files'} to ${siteId}`);
}

export function register(parent: CommandUnknownOpts, ctx: Context) {
  const command = parent
    .command('upload')
    .description("Upload files to a site's asset library (up to 20 at once, 2 MB each)")
    .argument('<files...>', 'the files; each keeps its file name')
    .addOption(siteOption())
    .option('--overwrite', 'replace files of the same name')
    .option(...jsonFlag)
    .action(async (files, options, cmd) => run(files, options, ctx.deps(cmd)));
  return withExamples(
    command,
    'pagewright assets upload hero.jpg logo.svg --site shop.example.com',
    'pagewright assets upload images/*.png --site shop.example.com --overwrite',
  );
}
