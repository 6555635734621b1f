import { describe, expect, it } from 'vitest';
import { runCli } from './run.js';

/** The content commands of issue 5: each one's help opens with examples, like every other command's. */
const COMMANDS = [
  ['collections'],
  ['collections', 'list'],
  ['collections', 'create'],
  ['collections', 'delete'],
  ['fields'],
  ['fields', 'list'],
  ['fields', 'add'],
  ['items'],
  ['items', 'list'],
  ['items', 'get'],
  ['items', 'create'],
  ['items', 'update'],
  ['items', 'delete'],
  ['items', 'import'],
  ['items', 'export'],
  ['content'],
  ['content', 'watch'],
  ['redirects'],
  ['redirects', 'list'],
  ['redirects', 'add'],
  ['redirects', 'edit'],
  ['redirects', 'remove'],
  ['redirects', 'import'],
  ['submissions'],
  ['submissions', 'list'],
  ['submissions', 'export'],
];

describe('help of the content commands', () => {
  it.each(COMMANDS.map((words) => [words.join(' '), words]))('of %s starts with examples, on stdout', async (_name, words) => {
    const result = await runCli([...words, '--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Examples:\n( {2}#.*\n)? {2}\$ pagewright /);
    expect(result.stdout).toContain(`Usage: pagewright ${words.join(' ')}`);
  });

  it('lists the content nouns at the root', async () => {
    const { stdout } = await runCli(['--help']);
    for (const noun of ['collections', 'fields', 'items', 'content', 'redirects', 'submissions'])
      expect(stdout).toMatch(new RegExp(`^ {2}${noun} `, 'm'));
  });
});
