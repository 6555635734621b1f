import { describe, expect, it } from 'vitest';
import { changeLine } from './change.js';

describe('a change as a line of output', () => {
  it('is the action, the key with the item id, and the file, tab-separated', () => {
    expect(changeLine({ action: 'created', key: 'hello', file: 'hello.md', itemId: 7 }, false)).toBe('created\thello #7\thello.md\n');
    expect(changeLine({ action: 'kept', key: 'old', file: 'old.md' }, false)).toBe('kept\told\told.md\n');
  });

  it("gives a rejected file's reasons, each with its field when there is one", () => {
    const errors = [
      { field: 'views', message: 'must be a number' },
      { field: '', message: 'not a JSON object' },
    ];
    expect(changeLine({ action: 'rejected', key: 'bad', file: 'bad.json', errors }, false)).toBe(
      'rejected\tbad\tbad.json\tviews: must be a number; not a JSON object\n',
    );
  });

  it('is one JSON object with --json', () => {
    const change = { action: 'deleted' as const, key: 'old', file: 'old.md', itemId: 3 };
    expect(JSON.parse(changeLine(change, true))).toEqual(change);
  });
});
