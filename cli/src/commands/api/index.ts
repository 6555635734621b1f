import fs from 'node:fs';
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import { say, type Deps } from '../../lib/deps.js';
import { apiFailure, CliError } from '../../lib/errors.js';
import { isPlain, printTable } from '../../lib/output.js';
import { findOperation, METHODS, OPERATIONS, type Operation } from './contract.js';
import { FileValue, parseFields, type Field } from './fields.js';

export interface ApiOptions {
  method?: string;
  field?: Field[];
  input?: string;
  header?: string[];
  paginate?: boolean;
  jq?: string;
  include?: boolean;
  silent?: boolean;
  site?: string;
  operations?: boolean;
}

type Query = Record<string, unknown>;

/** What one call sends and answers, through the SDK client (sign-in, base URL, X-Client-Version). */
interface Answer {
  response: Response;
  bytes: Buffer;
  error?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isJson = (response: Response) => /[/+]json\b/.test(response.headers.get('Content-Type') ?? '');

/**
 * `pagewright api [METHOD] PATH`: any operation of openapi.yaml, as `gh api` reaches GitHub's. The
 * path (with `{siteId}` filled from --site) and the method are checked against the contract first;
 * fields go to the query of a GET (or of a call whose body comes from --input), else into a JSON body
 * (or the form of a multipart upload). JSON answers are printed indented, or through --jq; others as
 * they came. Failures read and exit as every command's: `error: <message> (<status>)`, 4 for 401.
 */
export async function run(args: string[], opts: ApiOptions, deps: Deps): Promise<void> {
  if (opts.operations) return listOperations(args[0], deps);
  const [first, second] = args;
  if (!first) throw new CliError('a path is needed, e.g. pagewright api /sites', undefined, 'See pagewright api --operations');
  const positional = second !== undefined ? first.toUpperCase() : undefined;
  if (positional && opts.method && positional !== opts.method.toUpperCase())
    throw new CliError(`two methods given: ${positional} and --method ${opts.method}`);
  const fields = opts.field ?? [];
  let method = positional ?? opts.method?.toUpperCase() ?? (fields.length || opts.input ? 'POST' : 'GET');
  if (!(METHODS as readonly string[]).includes(method)) throw new CliError(`${method} is not a method: use ${METHODS.join(', ')}`);
  const { route, query } = parsePath(second ?? first, opts.site);
  const op = findOperation(method, route);
  method = op.method;

  const stdinText = needsStdin(opts, fields) ? await deps.stdin() : '';
  const values = parseFields(fields, () => stdinText);
  const headers = headersOf(opts.header ?? []);
  let body: unknown;
  if (opts.input !== undefined) {
    Object.assign(query, values);
    body = opts.input === '-' ? stdinText : readInput(opts.input);
    if (op.body === null) throw new CliError(`${op.method} ${op.path} takes no body`);
    if (op.body === 'multipart' && !headers.has('Content-Type'))
      throw new CliError(`${op.method} ${op.path} takes a multipart form: send files with -F file0=@<file>`);
    if (!headers.has('Content-Type')) headers.set('Content-Type', op.body === 'json' ? 'application/json' : op.body);
  } else if (method === 'GET' || method === 'DELETE' || op.body === null) {
    Object.assign(query, values);
  } else if (op.body === 'multipart') {
    body = formOf(values);
  } else if (Object.keys(values).length > 0 || op.body === 'json') {
    body = values;
  }
  checkQuery(op, query);

  if (opts.paginate) {
    if (!op.pageSize) throw new CliError(`${op.method} ${op.path} is not paged (it has no offset and limit)`);
    return print(await paginate(deps, op, route, query, headers), opts, deps);
  }
  const answer = await call(deps, method, route, query, headers, body);
  return print(answer, opts, deps);
}

/** The path as typed: `/api` and the query split off, `{siteId}` filled, every segment encoded once. */
export function parsePath(typed: string, site: string | undefined): { route: string; query: Query } {
  const [pathPart = '', search = ''] = typed.split(/\?(.*)/s, 2);
  const query: Query = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const had = query[key];
    query[key] = had === undefined ? value : Array.isArray(had) ? [...(had as unknown[]), value] : [had, value];
  }
  let segments = pathPart.split('/').filter(Boolean);
  if (segments[0] === 'api') segments = segments.slice(1);
  segments = segments.map((segment) => {
    if (segment === '{siteId}') {
      if (!site) throw new CliError('{siteId} in the path needs --site (or PAGEWRIGHT_SITE)');
      return encodeURIComponent(site);
    }
    if (/^\{[^}]*\}$/.test(segment)) throw new CliError(`fill ${segment} in the path with its value`);
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A lone % stays as typed, encoded below.
    }
    return encodeURIComponent(decoded);
  });
  // A trailing slash is kept: the compiled site's folders are addressed with one.
  const trailing = segments.length > 0 && pathPart.endsWith('/') ? '/' : '';
  return { route: `/${segments.join('/')}${trailing}`, query };
}

function needsStdin(opts: ApiOptions, fields: Field[]): boolean {
  return opts.input === '-' || fields.some((f) => f.typed && f.raw.slice(f.raw.indexOf('=') + 1) === '@-');
}

function readInput(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `-H 'Name: value'`, as curl and gh take them. */
function headersOf(lines: string[]): Headers {
  const headers = new Headers();
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at < 1) throw new CliError(`"${line}" is not a header: use "Name: value"`);
    headers.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** A multipart upload's form: files as files (`-F file0=@logo.png`), every other value as text. */
function formOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown) => {
    if (value instanceof FileValue) form.append(key, new Blob([new Uint8Array(value.bytes)]), value.name);
    else if (Array.isArray(value)) for (const v of value) add(key, v);
    else form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return form;
}

/** A query parameter the operation does not take is refused with the ones it does. */
function checkQuery(op: Operation, query: Query): void {
  const names = op.query.map((q) => q.name);
  const unknown = Object.keys(query).find((key) => !names.includes(key));
  if (unknown === undefined) return;
  throw new CliError(
    `${op.method} ${op.path} takes no query parameter "${unknown}"`,
    undefined,
    names.length ? `It takes: ${names.join(', ')}` : 'It takes none',
  );
}

type RawRequest = (
  method: string,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: ArrayBuffer; error?: unknown; response: Response }>;

async function call(deps: Deps, method: string, route: string, query: Query, headers: Headers, body: unknown): Promise<Answer> {
  const request = deps.api.request.bind(deps.api) as unknown as RawRequest;
  const raw = body instanceof FormData || typeof body === 'string' || Buffer.isBuffer(body);
  const { data, error, response } = await request(method, route, {
    params: { query },
    headers,
    ...(body === undefined ? {} : { body }),
    ...(raw ? { bodySerializer: (b: unknown) => b } : {}),
    parseAs: 'arrayBuffer',
    // A redirect (the sign-in providers' start) is the answer: it is shown, not followed.
    redirect: 'manual',
  });
  return { response, bytes: data ? Buffer.from(data) : Buffer.alloc(0), error };
}

/**
 * Every page of a paged GET, from `offset` (0) on, `limit` (the largest page) at a time, joined into
 * one answer: its list holds every record, `offset` and `limit` describe the whole.
 */
async function paginate(deps: Deps, op: Operation, route: string, query: Query, headers: Headers): Promise<Answer> {
  let offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? op.pageSize);
  const start = offset;
  let first: { answer: Answer; data: Record<string, unknown>; list: string } | null = null;
  const all: unknown[] = [];
  for (;;) {
    const answer = await call(deps, 'GET', route, { ...query, offset, limit }, headers, undefined);
    if (!answer.response.ok) return answer;
    const data: unknown = JSON.parse(answer.bytes.toString('utf8'));
    const list = isRecord(data) ? Object.keys(data).find((key) => Array.isArray(data[key])) : undefined;
    if (!isRecord(data) || !list) throw new CliError(`${op.method} ${op.path} answered no list to page through`);
    first ??= { answer, data, list };
    const records = data[list] as unknown[];
    all.push(...records);
    offset += records.length;
    const total = typeof data.total === 'number' ? data.total : offset;
    if (records.length === 0 || offset >= total) break;
  }
  const joined = { ...first.data, [first.list]: all, offset: start, limit: all.length };
  return { response: first.answer.response, bytes: Buffer.from(JSON.stringify(joined)) };
}

async function print(answer: Answer, opts: ApiOptions, deps: Deps): Promise<void> {
  const { response, bytes } = answer;
  const redirect = response.status >= 300 && response.status < 400;
  if (opts.include) {
    deps.out.write(`HTTP ${response.status} ${response.statusText}\n`);
    response.headers.forEach((value, name) => deps.out.write(`${name}: ${value}\n`));
    deps.out.write('\n');
  }
  if (!response.ok && !redirect) throw apiFailure(answer.error, response);
  if (redirect) say(deps, `${response.status} redirect to ${response.headers.get('Location') ?? '(no Location)'}`);
  if (opts.silent || bytes.length === 0) return;
  if (!isJson(response)) {
    if (opts.jq) throw new CliError(`--jq needs a JSON answer; this one is ${response.headers.get('Content-Type') ?? 'untyped'}`);
    deps.out.write(bytes);
    return;
  }
  const text = bytes.toString('utf8');
  if (opts.jq) {
    const output = await runJq(text, opts.jq);
    if (output) deps.out.write(output.endsWith('\n') ? output : `${output}\n`);
    return;
  }
  deps.out.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
}

/**
 * `--jq`: jq itself (jq-wasm, jq compiled to WebAssembly: no binary to install, nothing fetched),
 * strings printed raw as gh prints them. Loaded only when asked for.
 */
async function runJq(json: string, expression: string): Promise<string> {
  const jq = await import('jq-wasm');
  try {
    return await jq.raw(json, expression, ['-r']);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/^Failed to execute raw query: /, '').trim();
    throw new CliError(`--jq: ${message}`);
  }
}

/** `--operations [filter]`: the contract's operations, or those whose path, id or summary holds the filter. */
function listOperations(filter: string | undefined, deps: Deps): void {
  const needle = filter?.toLowerCase();
  const shown = OPERATIONS.filter(
    (op) =>
      !needle ||
      op.path.toLowerCase().includes(needle) ||
      op.id.toLowerCase().includes(needle) ||
      op.summary.toLowerCase().includes(needle),
  );
  printTable(
    deps,
    ['method', 'path', 'summary'],
    shown.map((op) => [op.method, op.path, isPlain(deps) ? op.summary : op.summary.slice(0, 80)]),
  );
}

const collectText = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function register(program: CommandUnknownOpts, ctx: Context) {
  // -f and -F fill one list, so the fields keep the order they were typed in (tags[]=a -F tags[]=2).
  const fields: Field[] = [];
  const collect = (typed: boolean) => (raw: string) => {
    fields.push({ raw, typed });
    return fields;
  };
  const command = program
    .command('api')
    .argument('[method]', `${METHODS.join(', ')} (default GET, or POST when fields or --input are given)`)
    .argument('[path]', 'an operation of openapi.yaml, e.g. /sites/{siteId}/versions ({siteId} comes from --site)')
    .description('Call any operation of the API (openapi.yaml) with your sign-in, and print its answer')
    .addOption(new Option('-X, --method <method>', 'the HTTP method (instead of the first argument)'))
    .addOption(
      new Option('-f, --raw-field <key=value>', 'a field as text (repeat it; key[sub]= nests, key[]= lists)').argParser(collect(false)),
    )
    .addOption(
      new Option('-F, --field <key=value>', 'a typed field: true, false, null, numbers; @file reads a file, @- stdin').argParser(
        collect(true),
      ),
    )
    .option('--input <file>', 'the request body from a file (- for stdin); fields then go to the query')
    .addOption(new Option('-H, --header <line>', 'an extra request header, "Name: value"').argParser(collectText))
    .option('--paginate', 'fetch every page of a paged list (offset and limit) and print them as one')
    .option('-q, --jq <expression>', 'select from the JSON answer with jq (strings print raw)')
    .option('-i, --include', 'print the status line and the response headers first')
    .option('--silent', 'print nothing of the answer')
    .addOption(new Option('-s, --site <domain>', 'fills {siteId} in the path').env('PAGEWRIGHT_SITE'))
    .option('--operations', "list the contract's operations (the path argument filters them)")
    .action(async (method, path, options, cmd) => {
      const args = [method, path].filter((a): a is string => a !== undefined);
      await run(args, { ...options, field: fields }, ctx.deps(cmd));
    });
  return withExamples(
    command,
    'pagewright api /sites',
    'pagewright api /sites/{siteId}/versions --site shop.example.com --jq ".[0].hash"',
    'pagewright api PATCH /sites/shop.example.com -f title="Fresh bread daily"',
    'pagewright api /sites/{siteId}/content/products/items --site shop.example.com --paginate --jq ".items[].title"',
    'pagewright api POST /sites/{siteId}/content/products/items --site shop.example.com -f title=Rye -F price=4.5 -f "tags[]=bread"',
    'pagewright api POST /sites/{siteId}/files --site shop.example.com -F file0=@logo.png',
    'pagewright api PUT /sites/{siteId}/schemaorg/hero --site shop.example.com --input schema.json',
    'pagewright api DELETE /sites/{siteId}/redirects/0 --site shop.example.com',
    'pagewright api --operations versions',
  );
}
