import { el, esc } from '../html.js';
import { SEPARATORS, formatDate, formatNumber, hasTime, parseDate } from '../format.js';
import { common, register, tagOf, use, type Part } from '../node.js';
import { data, fill, flag, isBinding, num, text } from '../values.js';

/** Dates: `<time datetime>` with an Intl style (full, long, medium, short) or a pattern. */
register('date', (part) => {
  const { ctx, node, scope } = part;
  const raw = data(ctx, node, 'value', scope);
  const value = raw === 'now' || raw === '' || raw === undefined ? undefined : raw;
  const date =
    value === undefined ? (raw === 'now' ? ctx.now : undefined) : parseDate(typeof value === 'string' ? fill(ctx, value, scope) : value);
  const tag = tagOf(node, ['time', 'div', 'span', 'p'], 'time');
  if (!date) return ctx.preview ? el(tag === 'time' ? 'span' : tag, common(part)) : '';
  const withTime = hasTime(value);
  const pattern = typeof node.data.pattern === 'string' && node.data.pattern ? node.data.pattern : undefined;
  let shown = formatDate(date, ctx.language, typeof node.data.format === 'string' ? node.data.format : 'long', pattern, withTime);
  // `content` wraps the date in text: "Published {date}".
  const content = text(ctx, node, 'content', scope);
  const datetime = withTime ? date.toISOString() : date.toISOString().slice(0, 10);
  const time =
    tag === 'time'
      ? el('time', { ...common(part), datetime }, esc(shown))
      : el(tag, common(part), `<time datetime="${datetime}">${esc(shown)}</time>`);
  if (content && content.includes('{date}')) {
    shown = time;
    return content.split('{date}').map(esc).join(shown);
  }
  return time;
});

/** Digits after the point of a number as JavaScript writes it (7.5 → 1, 12 → 0, 1e-7 → 7). */
function decimalsOf(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return 0;
  const [mantissa = '', exponent] = String(n).split('e');
  const frac = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, frac - (exponent ? Number(exponent) : 0));
}

/**
 * The decimals a number shows when its row sets none: as entered, never rounded. A number is stored
 * as a number, so 7.50 arrives as 7.5; a value bound to a CMS field shows as many decimals as that
 * field's values have at most, so a column of prices reads 7.50, 12.25 (docs/decisions/0063-binding-by-picking.md).
 */
function enteredDecimals(part: Part, value: number): number {
  const own = decimalsOf(value);
  const bound = part.node.data.value;
  const field = isBinding(bound) ? bound._bind : undefined;
  const collection = part.scope?.collection;
  if (!field || !collection) return Math.min(5, own);
  const key = `decimals:${collection.id}:${field}`;
  let most = part.ctx.cache.get(key) as number | undefined;
  if (most === undefined) {
    most = 0;
    for (const item of collection.items) {
      const v = item[field];
      if (typeof v === 'number') most = Math.max(most, decimalsOf(v));
    }
    part.ctx.cache.set(key, most);
  }
  return Math.min(5, Math.max(own, most));
}

function numberOptions(node: Parameters<typeof num>[0], decimals = 0) {
  return {
    decimals: num(node, 'decimals', decimals),
    decimalSeparator: typeof node.data.decimalSeparator === 'string' ? node.data.decimalSeparator : undefined,
    thousandsSeparator: typeof node.data.thousandsSeparator === 'string' ? node.data.thousandsSeparator : undefined,
    removeZeros: flag(node, 'removeZeros'),
    zeroPadding: num(node, 'zeroPadding', 0),
    format: typeof node.data.format === 'string' ? node.data.format : '1',
  };
}

/** A formatted number; `content` may place it in text ("{number} customers"). */
register('number', (part) => {
  const { ctx, node, scope } = part;
  const value = Number(text(ctx, node, 'value', scope));
  const tag = tagOf(node, ['span', 'p', 'div', 'strong', 'data'], 'span');
  if (!Number.isFinite(value)) return ctx.preview ? el(tag, common(part)) : '';
  const shown = esc(formatNumber(value, numberOptions(node, enteredDecimals(part, value))));
  const content = text(ctx, node, 'content', scope);
  const inner = content && content.includes('{number}') ? content.split('{number}').map(esc).join(shown) : shown;
  return el(tag, common(part), inner);
});

/**
 * A counter: prefix, the final value (in the HTML, so it reads right without script) and suffix.
 * The count-up is visual only: screen readers get the final value once.
 */
register('counter', (part) => {
  const { ctx, node, scope } = part;
  const value = Math.trunc(Number(text(ctx, node, 'value', scope)) || 0);
  const sepName = typeof node.data.thousandsSeparator === 'string' ? node.data.thousandsSeparator : 'space';
  const sep = SEPARATORS[sepName] ?? '\u00a0';
  const shown = formatNumber(value, { thousandsSeparator: sepName });
  const prefix = text(ctx, node, 'prefix', scope);
  const suffix = text(ctx, node, 'suffix', scope);
  ctx.scripts.add('counter');
  const duration = Math.min(10000, Math.max(100, num(node, 'duration', 2000)));
  const timing = node.data.timing === 'linear' ? 'linear' : undefined;
  const full = `${prefix}${shown}${suffix}`;
  return el(
    'span',
    common(part),
    `<span class="${use(ctx, 'sr-only')}">${esc(full)}</span><span aria-hidden="true">${esc(prefix)}<span${timing ? ' data-timing="linear"' : ''} data-counter="${value}" data-duration="${duration}" data-sep="${esc(sep)}">${esc(shown)}</span>${esc(suffix)}</span>`,
  );
});

const UNITS = ['day', 'hour', 'minute', 'second'] as const;

/** A countdown to `data-timer` (or `value`): days, hours, minutes and seconds, updated each second. */
register('timer', (part) => {
  const { ctx, node, scope } = part;
  const target = parseDate(text(ctx, node, '_attr.data-timer', scope) || text(ctx, node, 'value', scope));
  if (!target) return ctx.preview ? el('span', common(part)) : '';
  ctx.scripts.add('timer');
  const s = Math.max(0, Math.floor((target.getTime() - ctx.now.getTime()) / 1000));
  const values = [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const parts = UNITS.map((unit, i) => {
    const f = new Intl.NumberFormat(ctx.language, { style: 'unit', unit, unitDisplay: 'long' });
    return `<span data-t="${unit}">${esc(f.format(values[i]!))}</span>`;
  }).join(' ');
  const attributes = common(part);
  attributes['data-timer'] = target.toISOString();
  return el(
    'div',
    { role: 'timer', ...attributes, 'aria-live': 'off', 'aria-atomic': 'true' },
    `<time datetime="${target.toISOString()}">${parts}</time>`,
  );
});

/**
 * "Did you mean": on a 404 page, a link to the page closest to the address that was not found.
 * `value` is the sentence with `{link}` where the link goes; `fallback` shows when nothing is close.
 */
register('didYouMean', (part) => {
  const { ctx, node, scope } = part;
  ctx.scripts.add('didYouMean');
  ctx.deps.add('pages');
  const paths = ctx.doc.pages
    .filter((p) => !p.unpublished && !['_before', '_after', '404'].includes(p.id) && !p.id.includes(':'))
    .map((p) => ctx.pageUrl(p.id, ctx.language));
  const sentence = text(ctx, node, 'value', scope) || 'Did you mean {link}?';
  const [before, after = ''] = sentence.includes('{link}') ? sentence.split('{link}') : [`${sentence} `, ''];
  const fallback = text(ctx, node, 'fallback', scope);
  const home = ctx.pageUrl('home', ctx.language);
  const attributes = { ...common(part), 'data-did-you-mean': JSON.stringify(paths) };
  return el(
    'p',
    attributes,
    `<span data-dym hidden>${esc(before)}<a data-dym-link href="${esc(home)}">${esc(home)}</a>${esc(after)}</span>${fallback ? `<span data-dym-fallback>${esc(fallback)}</span>` : ''}`,
  );
});
