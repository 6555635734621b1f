import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { ALL_COMPONENT_TYPES } from '../../server/src/model/document.js';
import { NOW } from './helpers.js';
import { kitchenSink } from './kitchen-sink.js';

const run = promisify(execFile);
const vnu = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

/**
 * The checker's CSS validator predates CSS that browsers ship (Tailwind v4's registered custom
 * properties, `margin-trim` in a feature query): those complaints about the inlined stylesheet are its gaps.
 */
export const CHECKER_TOO_OLD = /^CSS: /;

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

describe('valid HTML', () => {
  it('the test site uses every component type', () => {
    const used = new Set(Object.values(kitchenSink().nodes).map((n) => n.type));
    expect(ALL_COMPONENT_TYPES.filter((t) => !used.has(t))).toEqual([]);
  });

  it('every compiled page passes the Nu Html Checker with no errors', { timeout: 120_000 }, async () => {
    const { files } = await compileSite(kitchenSink(), { siteId: 'acme.test', now: NOW });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-vnu-'));
    try {
      const pages: string[] = [];
      for (const [name, content] of files) {
        if (!name.endsWith('.html')) continue;
        const file = path.join(dir, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
        pages.push(file);
      }
      expect(pages.length).toBeGreaterThan(10);
      // vnu exits non-zero when it reports errors; the JSON on stderr is what counts.
      const result = await run('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...pages], { maxBuffer: 10 * 1024 * 1024 }).catch(
        (e: { stderr: string }) => ({ stderr: e.stderr }),
      );
      const messages = (JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] }).messages;
      const errors = messages
        .filter((m) => m.type === 'error' && !CHECKER_TOO_OLD.test(m.message))
        .map((m) => `${path.relative(dir, m.url.replace('file:', ''))}: ${m.message} ${m.extract ?? ''}`);
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
