import { Option } from '@commander-js/extra-typings';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { unwrap } from '../../lib/errors.js';

export type Submission = Schemas['Submission'];
export const STATUSES = ['new', 'in_progress', 'completed', 'pending', 'on_hold', 'cancelled', 'closed'] as const;
export type Status = (typeof STATUSES)[number];

export interface FilterOptions {
  status?: (typeof STATUSES)[number];
  form?: string;
}

export const statusOption = () => new Option('--status <status>', 'only submissions with this status').choices(STATUSES);
export const formOption = () => new Option('--form <name>', 'only submissions of this form');

const filterQuery = (opts: FilterOptions) => ({
  ...(opts.status ? { status: opts.status } : {}),
  ...(opts.form ? { form: opts.form } : {}),
});

/** Pages of submissions, newest first (at most 100 a request), up to `limit`. */
export async function* submissionPages(api: PagewrightClient, siteId: string, opts: FilterOptions, from = 0, limit = Infinity) {
  let offset = from;
  let left = limit;
  for (;;) {
    const page = unwrap(
      await api.GET('/sites/{siteId}/submissions', {
        params: { path: { siteId }, query: { ...filterQuery(opts), offset, limit: Math.min(100, left) } },
      }),
    );
    yield page;
    offset += page.items.length;
    left -= page.items.length;
    if (page.items.length === 0 || offset >= page.total || left <= 0) return;
  }
}

/** A sent value as one cell: a name sent several times is a list, one entry a line. */
export const valueText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('\n') : (value ?? ''));
