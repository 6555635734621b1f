// `npm run check`: the static checks CI and reviewers rely on, one line per step.
// Type-checks every workspace, lints the contract, and proves the SDK types were regenerated
// after the last change to openapi.yaml. Plain Node on purpose: it must run before anything builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = 'sdk/src/generated/api.ts';
// Local binaries rather than `npx`: no registry look-up, no npm warnings in the output.
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
// Redocly would otherwise phone home (telemetry, update notice); the CI network is closed.
const quietEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  const result = spawnSync(bin(command), args, { cwd: root, env: quietEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, output, stdout: result.stdout ?? '' };
}

function typecheck(workspace) {
  return () => run('tsc', ['-p', workspace]);
}

// The linter exits 0 on warnings; the project wants none, so count them from its JSON report.
function lintContract() {
  const json = run('redocly', ['lint', 'openapi.yaml', '--format=json']);
  let totals;
  try {
    totals = JSON.parse(json.stdout).totals;
  } catch {
    return { ok: false, output: json.output };
  }
  if (json.ok && totals.errors === 0 && totals.warnings === 0) return { ok: true, output: '' };
  // Rerun in the readable format so the problems are shown as a person would want them.
  const readable = run('redocly', ['lint', 'openapi.yaml']);
  return { ok: false, output: `${totals.errors} errors, ${totals.warnings} warnings\n${readable.output}` };
}

function sdkDrift() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-check-'));
  try {
    const fresh = path.join(dir, 'api.ts');
    const gen = run('openapi-typescript', ['openapi.yaml', '-o', fresh]);
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

// web/ and cli/ join the type check as soon as they have a tsconfig.json.
const workspaces = ['sdk', 'server', 'tests', 'web', 'cli'].filter((w) => fs.existsSync(path.join(root, w, 'tsconfig.json')));
// The server's layers import one way and no file imports itself back (.dependency-cruiser.cjs).
const layers = () => run('depcruise', ['server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
const lint = () => run('eslint', ['.', '--max-warnings', '0']);
const format = () => {
  const result = run('prettier', ['--check', '--log-level', 'warn', '.']);
  return result.ok ? result : { ok: false, output: `${result.output}\nrun: npx prettier --write .` };
};

const steps = [
  ...workspaces.map((w) => [`tsc -p ${w}`, typecheck(w)]),
  ['tsc -p . (tool configs and examples)', typecheck('.')],
  ['server layers (dependency-cruiser)', layers],
  ['eslint', lint],
  ['prettier --check', format],
  ['redocly lint openapi.yaml', lintContract],
  ['sdk types match openapi.yaml', sdkDrift],
];

let failed = 0;
for (const [name, step] of steps) {
  const started = Date.now();
  const { ok, output } = step();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${ok ? 'ok    ' : 'FAILED'}  ${name}  (${seconds}s)`);
  if (!ok) {
    failed += 1;
    console.log(output.trimEnd().replace(/^/gm, '        '));
  }
}
console.log(failed ? `check: ${failed} of ${steps.length} steps FAILED` : `check: all ${steps.length} steps ok`);
process.exit(failed ? 1 : 0);
