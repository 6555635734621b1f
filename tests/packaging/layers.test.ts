// The import rules of the server and the web app (issue 27): `npm run check` runs dependency-cruiser
// with .dependency-cruiser.cjs over server/src and web/src. The real tree passes; a copy of it with a
// few planted imports that break the layers fails, each with the rule a reviewer would look up.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** dependency-cruiser over `server/src` and `web/src` under `cwd` with one of its reporters: exit code and output. */
function depcruise(cwd: string, outputType: 'err' | 'json'): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      DEPCRUISE,
      ['server/src', 'web/src', '--config', CONFIG, '--output-type', outputType],
      { cwd, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** The run `npm run check` makes (its exit code and what it prints), and the same run's violations as data. */
async function cruise(cwd: string): Promise<{ code: number; printed: string; violations: Violation[] }> {
  const check = await depcruise(cwd, 'err');
  const json = await depcruise(cwd, 'json');
  const report = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
  return { code: check.code, printed: check.stdout + check.stderr, violations: report.summary.violations };
}

/** The imports planted in the copy: each breaks one rule. Paths are relative to the repository. */
const PLANTED: { file: string; source: string; rule: string; to: string }[] = [
  {
    // A feature calling another feature's service instead of having it handed in by wiring.ts.
    file: 'server/src/cms/__planted.ts',
    source: "import { EditorService } from '../editor/service.js';\nexport const planted = EditorService;\n",
    rule: 'features-do-not-import-each-other',
    to: 'server/src/editor/service.ts',
  },
  {
    // A type-only import across features counts too.
    file: 'server/src/versions/__planted.ts',
    source: "import type { PublishInfo } from '../publishing/service.js';\nexport type Planted = PublishInfo;\n",
    rule: 'features-do-not-import-each-other',
    to: 'server/src/publishing/service.ts',
  },
  {
    // The shared kernel reaching up into a feature.
    file: 'server/src/site/__planted.ts',
    source: "import { CmsService } from '../cms/service.js';\nexport const planted = CmsService;\n",
    rule: 'site-imports-no-feature',
    to: 'server/src/cms/service.ts',
  },
  {
    // A feature reaching up into the routes.
    file: 'server/src/assets/__planted.ts',
    source: "import { assetRoutes } from '../routes/assets.js';\nexport const planted = assetRoutes;\n",
    rule: 'features-import-only-the-layers-below',
    to: 'server/src/routes/assets.ts',
  },
  {
    // A web feature drawing another feature's screen instead of going through its public file.
    file: 'web/src/cms/__planted.ts',
    source: "import EditorRoute from '../editor/EditorRoute.tsx';\nexport const planted = EditorRoute;\n",
    rule: 'web-features-do-not-import-each-other',
    to: 'web/src/editor/EditorRoute.tsx',
  },
  {
    // A primitive that knows a feature.
    file: 'web/src/ui/__planted.ts',
    source: "import { CmsScreen } from '../cms/CmsScreen.tsx';\nexport const planted = CmsScreen;\n",
    rule: 'web-ui-imports-only-lib',
    to: 'web/src/cms/CmsScreen.tsx',
  },
  {
    // The site workspace reaching into the page editor.
    file: 'web/src/site/__planted.ts',
    source: "import { Navigator } from '../editor/navigator/Navigator.tsx';\nexport const planted = Navigator;\n",
    rule: 'web-site-imports-only-ui-and-lib',
    to: 'web/src/editor/navigator/Navigator.tsx',
  },
  {
    // A web feature reaching up into the shell.
    file: 'web/src/sites/__planted.ts',
    source: "import { AppLayout } from '../app/AppLayout.tsx';\nexport const planted = AppLayout;\n",
    rule: 'web-features-import-only-the-layers-below',
    to: 'web/src/app/AppLayout.tsx',
  },
];

/** Imports planted in the copy that the rules allow: another web feature's public file. */
const ALLOWED: { file: string; source: string }[] = [
  {
    file: 'web/src/localization/__allowed.ts',
    source: "import { useAssets } from '../assets/public.ts';\nexport const allowed = useAssets;\n",
  },
];

describe('server and web layers (dependency-cruiser)', () => {
  let copy: string;

  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-layers-'));
    for (const tree of ['server/src', 'web/src']) fs.cpSync(path.join(ROOT, tree), path.join(copy, tree), { recursive: true });
    for (const plant of [...PLANTED, ...ALLOWED]) fs.writeFileSync(path.join(copy, plant.file), plant.source);
  });

  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('passes the real server/src and web/src', async () => {
    const { code, printed, violations } = await cruise(ROOT);
    expect(violations).toEqual([]);
    expect(code, printed).toBe(0);
    expect(printed).toContain('no dependency violations found');
  });

  it('fails a copy of it with imports across the layers, naming the rule each breaks', async () => {
    // The planted names exist in the tree, so the copy fails for the imports alone.
    expect(fs.readFileSync(path.join(ROOT, 'server/src/routes/assets.ts'), 'utf8')).toContain('export function assetRoutes');
    expect(fs.readFileSync(path.join(ROOT, 'web/src/app/AppLayout.tsx'), 'utf8')).toContain('export function AppLayout');

    const { code, printed, violations } = await cruise(copy);
    const found = violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name, severity: v.rule.severity }));
    expect(found).toEqual(expect.arrayContaining(PLANTED.map((p) => ({ from: p.file, to: p.to, rule: p.rule, severity: 'error' }))));
    // Only the planted files break a rule (a public file may be imported): the rest of the copy is the real tree.
    expect(found.filter((v) => !v.from.includes('__planted'))).toEqual([]);
    expect(found).toHaveLength(PLANTED.length);
    // What `npm run check` shows: it fails, one line per planted import with the rule's name.
    expect(code).toBe(PLANTED.length);
    for (const p of PLANTED) expect(printed).toContain(`error ${p.rule}: ${p.file} → ${p.to}`);
  });
});
