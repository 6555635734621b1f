// `npm run check`: the static checks CI and reviewers rely on, one line per step.
// Type-checks every workspace, lints the contract, and proves the SDK types were regenerated
// after the last change to openapi.yaml. Plain Node on purpose: it must run before anything builds.
// The steps run as many at a time as the machine has cores, the longest (eslint) first; each prints
// its line in the listed order, with its own time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS_FILE, operationsJson } from './operations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = 'sdk/src/generated/api.ts';
// Local binaries rather than `npx`: no registry look-up, no npm warnings in the output.
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
// Redocly would otherwise phone home (telemetry, update notice); the CI network is closed.
const quietEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, { cwd: root, env: quietEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${stdout}${stderr}${String(error)}`, stdout }));
    child.on('close', (code) => resolve({ ok: code === 0, output: `${stdout}${stderr}`, stdout }));
  });
}

function typecheck(workspace) {
  return () => run('tsc', ['-p', workspace]);
}

// The linter exits 0 on warnings; the project wants none, so count them from its JSON report.
async function lintContract() {
  const json = await run('redocly', ['lint', 'openapi.yaml', '--format=json']);
  let totals;
  try {
    totals = JSON.parse(json.stdout).totals;
  } catch {
    return { ok: false, output: json.output };
  }
  if (json.ok && totals.errors === 0 && totals.warnings === 0) return { ok: true, output: '' };
  // Rerun in the readable format so the problems are shown as a person would want them.
  const readable = await run('redocly', ['lint', 'openapi.yaml']);
  return { ok: false, output: `${totals.errors} errors, ${totals.warnings} warnings\n${readable.output}` };
}

async function sdkDrift() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-check-'));
  try {
    const fresh = path.join(dir, 'api.ts');
    const gen = await run('openapi-typescript', ['openapi.yaml', '-o', fresh]);
    if (!gen.ok) return gen;
    const want = fs.readFileSync(fresh, 'utf8').replace(/\r\n/g, '\n');
    const have = fs.existsSync(path.join(root, GENERATED))
      ? fs.readFileSync(path.join(root, GENERATED), 'utf8').replace(/\r\n/g, '\n')
      : '';
    if (want === have) return { ok: true, output: '' };
    const wantLines = want.split('\n');
    const haveLines = have.split('\n');
    const line = wantLines.findIndex((text, i) => text !== haveLines[i]);
    return {
      ok: false,
      output:
        `${GENERATED} is out of date: run npm run gen\n` +
        `  first difference at line ${line + 1}:\n  - ${haveLines[line] ?? '(end of file)'}\n  + ${wantLines[line] ?? '(end of file)'}`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `pagewright api`'s table of operations (scripts/operations.mjs) is what openapi.yaml gives. */
async function operationsDrift() {
  const want = operationsJson(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8'));
  const file = path.join(root, OPERATIONS_FILE);
  const have = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n') : '';
  return want === have ? { ok: true, output: '' } : { ok: false, output: `${OPERATIONS_FILE} is out of date: run npm run gen` };
}

// web/ and cli/ join the type check as soon as they have a tsconfig.json.
const workspaces = ['sdk', 'server', 'tests', 'web', 'cli'].filter((w) => fs.existsSync(path.join(root, w, 'tsconfig.json')));
// The server's and the web app's layers import one way and no file imports itself back (.dependency-cruiser.cjs).
const layers = () => run('depcruise', ['server/src', 'web/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
const lint = () => run('eslint', ['.', '--max-warnings', '0']);
const format = async () => {
  const result = await run('prettier', ['--check', '--log-level', 'warn', '.']);
  return result.ok ? result : { ok: false, output: `${result.output}\nrun: npx prettier --write .` };
};

// Listed longest first: eslint (type-aware, the whole repository) takes about as long as the rest together.
const steps = [
  ['eslint', lint],
  ...workspaces.map((w) => [`tsc -p ${w}`, typecheck(w)]),
  ['tsc -p . (tool configs and examples)', typecheck('.')],
  ['server and web layers (dependency-cruiser)', layers],
  ['prettier --check', format],
  ['redocly lint openapi.yaml', lintContract],
  ['sdk types match openapi.yaml', sdkDrift],
  ['cli operations match openapi.yaml', operationsDrift],
];

const results = steps.map(() => null);
const done = steps.map(() => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
});
let next = 0;
async function worker() {
  while (next < steps.length) {
    const i = next++;
    const started = Date.now();
    const { ok, output } = await steps[i][1]();
    results[i] = { ok, output, seconds: ((Date.now() - started) / 1000).toFixed(1) };
    done[i].resolve();
  }
}
const workers = Array.from({ length: Math.min(os.availableParallelism(), steps.length) }, worker);

let failed = 0;
for (const [i, [name]] of steps.entries()) {
  await done[i].promise;
  const { ok, output, seconds } = results[i];
  console.log(`${ok ? 'ok    ' : 'FAILED'}  ${name}  (${seconds}s)`);
  if (!ok) {
    failed += 1;
    console.log(output.trimEnd().replace(/^/gm, '        '));
  }
}
await Promise.all(workers);
console.log(failed ? `check: ${failed} of ${steps.length} steps FAILED` : `check: all ${steps.length} steps ok`);
process.exit(failed ? 1 : 0);
