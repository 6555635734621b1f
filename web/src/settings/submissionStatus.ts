import type { Schemas } from '@pagewright/sdk';

type Status = Schemas['SubmissionStatus'];

/** The seven statuses of spec 002 §4 as the inbox names them. */
export const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  in_progress: 'In progress',
  completed: 'Completed',
  pending: 'Pending',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
  closed: 'Closed',
};

export const STATUS_TONES: Record<Status, string> = {
  new: 'bg-brand-50 text-brand-800 ring-brand-200',
  in_progress: 'bg-amber-50 text-amber-900 ring-amber-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-gray-100 text-gray-700 ring-gray-200',
  on_hold: 'bg-orange-50 text-orange-900 ring-orange-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  closed: 'bg-gray-100 text-gray-700 ring-gray-200',
};
