import { describe, expect, it } from 'vitest';
import { redirectProblem, redirectRows } from './redirectsCsv.ts';

describe('redirects CSV', () => {
  it('skips a from,to header and blank lines, and marks rows new, existing or invalid', () => {
    const rows = redirectRows(
      [
        ['From', 'To'],
        ['/old', '/new'],
        ['', ''],
        ['/kept', 'https://example.com/x'],
        ['/old', '/other'],
        ['no-slash', '/x'],
        ['/a', ''],
      ],
      [{ from: '/kept' }],
    );
    expect(rows).toEqual([
      { from: '/old', to: '/new', status: 'new' },
      { from: '/kept', to: 'https://example.com/x', status: 'exists', message: 'A redirect from this path exists' },
      { from: '/old', to: '/other', status: 'exists', message: 'A redirect from this path exists' },
      { from: 'no-slash', to: '/x', status: 'invalid', message: 'From is a path of the site starting with /, such as /old-page' },
      { from: '/a', to: '', status: 'invalid', message: 'To is required' },
    ]);
  });

  it('reads rows without a header as from, to', () => {
    expect(redirectRows([['/x', '/y']], [])).toEqual([{ from: '/x', to: '/y', status: 'new' }]);
  });

  it('needs both from and to, a path for from and a path or http(s) address for to', () => {
    expect(redirectProblem('', '/x')).toBe('From is required');
    expect(redirectProblem('/x', 'ftp://host/x')).toBe('To is a path starting with / or an http or https address');
    expect(redirectProblem('/a b', '/x')).toBe('From is a path of the site starting with /, such as /old-page');
    expect(redirectProblem('/a', 'https://example.com')).toBeNull();
  });
});
