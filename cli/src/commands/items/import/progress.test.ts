import { describe, expect, it } from 'vitest';
import { testDeps } from '../../../lib/testing.js';
import { progressOf } from './progress.js';

const counts = { created: 2, updated: 1, unchanged: 0, rejected: 1 };

describe('the progress of an import', () => {
  it('is a line per batch when stderr is a log', () => {
    const { deps, text } = testDeps();
    progressOf(deps, {}, { bytes: 10, size: 100 }).batch(1, 4, counts);
    expect(text.err).toBe('rows 1-4: 2 created, 1 updated, 0 unchanged, 1 rejected\n');
  });

  it('says what would be done in a dry run, with the note of a checked batch', () => {
    const { deps, text } = testDeps();
    progressOf(deps, { dryRun: true }, { bytes: 0, size: 0 }).batch(5, 6, counts, ' (checked, not written)');
    expect(text.err).toBe('rows 5-6: 2 would be created, 1 would be updated, 0 unchanged, 1 rejected (checked, not written)\n');
  });

  it('is a bar over the share of the file read on a terminal, ended by a new line', () => {
    const { deps, text } = testDeps({ errTTY: true });
    const progress = progressOf(deps, {}, { bytes: 50, size: 100 });
    progress.batch(1, 1500, counts);
    expect(text.err).toBe(`\r[${'#'.repeat(15)}${'-'.repeat(15)}]  50%  1,500 rows\u001b[K`);
    progress.end();
    progress.end();
    expect(text.err.endsWith('\u001b[K\n')).toBe(true);
  });

  it('shows nothing with --json', () => {
    const { deps, text } = testDeps({ errTTY: true });
    const progress = progressOf(deps, { json: true }, { bytes: 1, size: 1 });
    progress.batch(1, 2, counts);
    progress.end();
    expect(text.err).toBe('');
  });
});
