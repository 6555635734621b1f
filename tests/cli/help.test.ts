import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_VERSION, runCli, type Result } from './run.js';

const COMMANDS = [
  [],
  ['login'],
  ['logout'],
  ['whoami'],
  ['join'],
  ['sites'],
  ['sites', 'list'],
  ['sites', 'create'],
  ['sites', 'validate'],
  ['templates'],
  ['templates', 'list'],
  ['collaborators'],
  ['collaborators', 'list'],
  ['collaborators', 'invite'],
  ['collaborators', 'lock'],
  ['collaborators', 'unlock'],
  ['collaborators', 'remove'],
  ['versions'],
  ['versions', 'list'],
  ['versions', 'commit'],
  ['versions', 'undo'],
  ['versions', 'redo'],
  ['versions', 'reset'],
  ['versions', 'restore'],
  ['publish'],
  ['assets'],
  ['assets', 'upload'],
  ['assets', 'list'],
  ['assets', 'delete'],
  ['api-keys'],
  ['api-keys', 'create'],
  ['api-keys', 'list'],
  ['api-keys', 'lock'],
  ['api-keys', 'unlock'],
  ['plans'],
  ['plans', 'list'],
  ['admin'],
  ['admin', 'users'],
  ['admin', 'sites'],
  ['admin', 'activity'],
  ['api'],
  ['settings'],
  ['settings', 'get'],
  ['settings', 'set'],
  ['pages'],
  ['pages', 'list'],
  ['pages', 'settings'],
  ['locales'],
  ['locales', 'export'],
  ['locales', 'import'],
  ['fields', 'edit'],
  ['fields', 'reorder'],
  ['fields', 'delete'],
  ['collections', 'rename'],
  ['items', 'sort'],
  ['assets', 'rename'],
  ['assets', 'import-url'],
  ['submissions', 'set-status'],
  ['submissions', 'delete'],
  ['legal'],
  ['legal', 'list'],
];

describe('help', () => {
  it.each(COMMANDS.map((words) => [words.join(' ') || '(root)', words]))('of %s starts with examples, on stdout', async (_name, words) => {
    const result = await runCli([...words, '--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Examples:\n( {2}#.*\n)? {2}\$ pagewright /);
    expect(result.stdout).toContain(`Usage: pagewright ${words.join(' ')}`.trimEnd());
  });

  it('lists the environment variables and exit codes at the root', async () => {
    const { stdout } = await runCli(['--help']);
    for (const name of [
      'PAGEWRIGHT_URL',
      'PAGEWRIGHT_TOKEN',
      'PAGEWRIGHT_API_KEY',
      'PAGEWRIGHT_SITE',
      'PAGEWRIGHT_CONFIG_DIR',
      'NO_COLOR',
    ]) {
      expect(stdout).toContain(name);
    }
    expect(stdout).toContain('Exit codes: 0 ok, 1 failure, 2 cancelled, 4 authentication needed.');
  });

  it('shows which options read the environment', async () => {
    expect((await runCli(['collaborators', 'list', '--help'])).stdout).toContain('(env: PAGEWRIGHT_SITE)');
    expect((await runCli(['--help'])).stdout).toContain('(env: PAGEWRIGHT_URL)');
  });
});

describe('usage errors', () => {
  it('exits 1 for an unknown command, with a suggestion on stderr', async () => {
    const result = await runCli(['sites', 'lst']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain("error: unknown command 'lst'");
    expect(result.stderr).toContain('(Did you mean one of list, ls?)');
  });

  it('exits 1 for an unknown option', async () => {
    const result = await runCli(['whoami', '--jsn']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: unknown option '--jsn'");
  });
});

describe('the workspace bin', () => {
  it('runs as node_modules/.bin/pagewright after npm install, as npx pagewright does', async () => {
    const bin = fileURLToPath(new URL('../../node_modules/.bin/pagewright', import.meta.url));
    const result = await new Promise<Result>((resolve, reject) => {
      const child = spawn(bin, ['--version'], { stdio: 'pipe' });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result).toEqual({ code: 0, stdout: `${CLI_VERSION}\n`, stderr: '' });
  });
});
