/** Formatting of dates, numbers, phones and URLs for the text components. */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

type DateStyle = 'full' | 'long' | 'medium' | 'short';
const STYLES = ['full', 'long', 'medium', 'short'];

export function parseDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Whether a value carries a time of day, so `<time datetime>` keeps it. */
export const hasTime = (value: unknown): boolean => typeof value === 'string' && /T\d{2}:\d{2}/.test(value);

/** `Intl` date styles; `pattern` (YYYY, MM, DD, M, D, HH, mm, MMMM) wins when given. */
export function formatDate(date: Date, language: string, style: string, pattern?: string, withTime = false): string {
  if (pattern) return applyPattern(date, language, pattern);
  if (!STYLES.includes(style)) return withTime ? date.toISOString().slice(0, 16).replace('T', ' ') : date.toISOString().slice(0, 10);
  const key = `${language}|${style}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(language, {
        dateStyle: style as DateStyle,
        ...(withTime ? { timeStyle: 'short' } : {}),
        timeZone: 'UTC',
      });
    } catch {
      f = new Intl.DateTimeFormat('en', { dateStyle: style as DateStyle, timeZone: 'UTC' });
    }
    dateFormats.set(key, f);
  }
  return f.format(date);
}

function applyPattern(d: Date, language: string, pattern: string): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const month = (style: 'long' | 'short') => new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' }).format(d);
  return pattern.replace(/YYYY|MMMM|MMM|MM|M|DD|D|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(d.getUTCFullYear());
      case 'MMMM':
        return month('long');
      case 'MMM':
        return month('short');
      case 'MM':
        return pad(d.getUTCMonth() + 1);
      case 'M':
        return String(d.getUTCMonth() + 1);
      case 'DD':
        return pad(d.getUTCDate());
      case 'D':
        return String(d.getUTCDate());
      case 'HH':
        return pad(d.getUTCHours());
      case 'mm':
        return pad(d.getUTCMinutes());
      default:
        return pad(d.getUTCSeconds());
    }
  });
}

export const SEPARATORS: Record<string, string> = { none: '', space: '\u00a0', comma: ',', period: '.', apostrophe: '’' };

/** A number with the Number group's options. */
export function formatNumber(
  value: number,
  o: {
    decimals?: number;
    decimalSeparator?: string;
    thousandsSeparator?: string;
    removeZeros?: boolean;
    zeroPadding?: number;
    format?: string;
  },
): string {
  const format = o.format ?? '1';
  if (format === 'a' || format === 'A') return alpha(Math.trunc(value), format === 'A');
  if (format === 'i' || format === 'I') return roman(Math.trunc(value), format === 'I');
  const decimals = Math.min(5, Math.max(0, o.decimals ?? 0));
  let [int, frac = ''] = Math.abs(value).toFixed(decimals).split('.') as [string, string?];
  if (o.removeZeros) frac = frac.replace(/0+$/, '');
  if (o.zeroPadding && o.zeroPadding > 1) int = int.padStart(Math.min(12, o.zeroPadding), '0');
  const sep = SEPARATORS[o.thousandsSeparator ?? 'none'] ?? o.thousandsSeparator ?? '';
  if (sep) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const dec = o.decimalSeparator === 'comma' ? ',' : o.decimalSeparator === 'period' || !o.decimalSeparator ? '.' : o.decimalSeparator;
  return `${value < 0 ? '−' : ''}${int}${frac ? dec + frac : ''}${format === '1.' ? '.' : ''}`;
}

function alpha(n: number, upper: boolean): string {
  if (n <= 0) return String(n);
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(97 + ((x - 1) % 26)) + s;
  return upper ? s.toUpperCase() : s;
}

function roman(n: number, upper: boolean): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let s = '';
  let x = n;
  for (const [v, r] of table)
    while (x >= v) {
      s += r;
      x -= v;
    }
  return upper ? s.toUpperCase() : s;
}

/** A phone number: `e164` (+358401234567), `international` (+358 40 123 4567) or as written (national). */
export function formatPhone(value: string, style: string): string {
  const digits = value.replace(/[^\d+]/g, '');
  if (style === 'e164') return digits;
  if (style === 'international' && digits.startsWith('+')) {
    const rest = digits.slice(1);
    const cc = rest.length > 10 ? rest.slice(0, rest.length - 9) : rest.slice(0, Math.max(1, rest.length - 9));
    const local = rest.slice(cc.length);
    return `+${cc} ${local.replace(/(\d{2,3})(?=(\d{3,4})+$)/, '$1 ').replace(/(\d{3})(?=\d{4}$)/, '$1 ')}`.trim();
  }
  return value;
}

/** `tel:` target of a phone number. */
export const telHref = (value: string): string => `tel:${value.replace(/[^\d+]/g, '')}`;

/** A URL as `full`, `short` (no scheme, no trailing slash) or `domain`. */
export function formatUrl(value: string, style: string): string {
  if (style === 'short')
    return value
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/^www\./, '')
      .replace(/\/$/, '');
  if (style === 'domain') {
    try {
      return new URL(value).hostname.replace(/^www\./, '');
    } catch {
      return value;
    }
  }
  return value;
}
