import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_VERSION, runCli } from './run.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-cache-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('how pagewright starts', () => {
  it('bundles its sources once into the cache folder and runs that bundle on later starts', async () => {
    const cache = path.join(scratch, 'cache');
    const first = await runCli(['--version'], { env: { PAGEWRIGHT_CLI_CACHE: cache } });
    expect(first).toMatchObject({ code: 0, stdout: `${CLI_VERSION}\n` });
    const [bundle, ...others] = fs.readdirSync(cache);
    expect(others).toEqual([]);
    expect(fs.existsSync(path.join(cache, bundle!, 'main.js'))).toBe(true);

    const built = fs.statSync(path.join(cache, bundle!, 'main.js')).mtimeMs;
    const second = await runCli(['sites', 'list'], {
      env: { PAGEWRIGHT_CLI_CACHE: cache, PAGEWRIGHT_CONFIG_DIR: path.join(scratch, 'config') },
    });
    // The bundled CLI behaves as the sources do: here, "log in first" with its exit code.
    expect(second.code).toBe(4);
    expect(second.stderr).toContain('pagewright login');
    expect(fs.readdirSync(cache)).toEqual([bundle]);
    expect(fs.statSync(path.join(cache, bundle!, 'main.js')).mtimeMs).toBe(built);
  });

  it('still runs, through tsx, when the cache cannot be written or is turned off', async () => {
    const blocked = path.join(scratch, 'a-file');
    fs.writeFileSync(blocked, 'not a folder');
    const unwritable = await runCli(['--version'], { env: { PAGEWRIGHT_CLI_CACHE: path.join(blocked, 'cache') } });
    expect(unwritable).toMatchObject({ code: 0, stdout: `${CLI_VERSION}\n` });
    const off = await runCli(['--version'], { env: { PAGEWRIGHT_CLI_CACHE: 'off' } });
    expect(off).toMatchObject({ code: 0, stdout: `${CLI_VERSION}\n` });
  });
});
