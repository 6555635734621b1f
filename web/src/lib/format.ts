import type { ApiError } from '@pagewright/sdk';

/** Display rules shared by every screen, from spec 000 §9. */

/** Prices are minor units; they are shown divided by 100. */
export function formatPrice(minor: number, currency = 'eur'): string {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: minor % 100 ? 2 : 0,
  }).format(minor / 100);
}

/** Template prices: an amount in eur, or Free. */
export const templatePrice = (minor: number): string => (minor > 0 ? formatPrice(minor, 'eur') : 'Free');

const UNLIMITED = 9999;

/** A plan value: 9999 means unlimited and 0 means none. */
export function planLimit(value: number): string {
  if (value >= UNLIMITED) return 'Unlimited';
  if (value === 0) return 'None';
  return String(value);
}

/** Storage in MB, shown in GB from 1000 MB. */
export function formatStorage(mb: number): string {
  if (mb >= UNLIMITED) return 'Unlimited';
  return mb >= 1000 ? `${mb / 1000} GB` : `${mb} MB`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago"; under a minute is "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

/** The extra info of an error as words: a text, a message, or its simple fields ("field: name"). */
function infoText(info: unknown): string {
  if (typeof info === 'string') return info;
  if (!info || typeof info !== 'object') return '';
  if ('message' in info && typeof info.message === 'string') return info.message;
  return Object.entries(info)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** Spec 000 §2: "error (status) info"; a request that never reached the server has no status to show. */
export function errorText(error: ApiError): string {
  return [error.error, error.status ? `(${error.status})` : '', infoText(error.info)].filter(Boolean).join(' ');
}

/** A file size as people read it: B, kB, MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
