import type { Loc } from '../../model/document.js';
import { button, col, eyebrow, heading, icon, inline, para, row, type Children, type Spec } from '../kit.js';
import type { Cta } from './define.js';

/** Pieces most sections share: the centred content column, a heading group, a button row. */

export const PAD = 'px-section-x py-section-y';
export const ALT_BG = 'bg-gray-l2 dark:bg-gray-d2';
export const CARD = 'rounded-box-lg border border-gray-l5 bg-gray-l1 dark:border-gray-d5 dark:bg-gray-d2';
export const STRONG = 'text-gray-l12 dark:text-gray-d12';
export const MUTED = 'text-gray-l11 dark:text-gray-d11';
export const CHIP =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-box-md bg-primary-l3 text-xl text-primary-l11 dark:bg-primary-d3 dark:text-primary-d11';

/** The content column: centred, with the site's maximum width. */
export function wrap(name: string, children: Children, classes = '', width = 'max-w-6xl'): Spec {
  return col(name, `mx-auto w-full ${width} ${classes}`.trim(), children);
}

export interface Intro {
  eyebrow?: Loc;
  title: Loc;
  text?: Loc;
}

/** Eyebrow, heading and lead paragraph. */
export function intro(
  c: Intro,
  o: { align?: 'center' | 'left'; level?: 1 | 2; size?: string; classes?: string; dark?: boolean } = {},
): Spec {
  const center = o.align === 'center';
  const size = o.size ?? (o.level === 1 ? 'text-4xl sm:text-5xl lg:text-6xl' : 'text-3xl sm:text-4xl');
  return col('Intro', `gap-4 ${center ? 'items-center text-center mx-auto max-w-2xl' : 'max-w-2xl'} ${o.classes ?? ''}`.trim(), [
    c.eyebrow && eyebrow('Eyebrow', c.eyebrow, o.dark ? 'text-white/75' : ''),
    heading('Title', c.title, o.level ?? 2, `${size}${o.dark ? ' text-white' : ''}`),
    c.text && para('Text', c.text, `text-text-lg${o.dark ? ' text-white' : ''}`),
  ]);
}

/** A row of buttons: the first solid, the rest outlined (or on colour when `onColor`). */
export function buttons(ctas: Cta[] | undefined, o: { center?: boolean; onColor?: boolean; classes?: string } = {}): Spec | undefined {
  if (!ctas?.length) return undefined;
  return row(
    'Buttons',
    `flex-wrap gap-3 ${o.center ? 'justify-center' : ''} ${o.classes ?? ''}`.trim(),
    ctas.map((c, i) => {
      if (o.onColor)
        return i === 0
          ? button('Button', c.label, c.action, 'light')
          : button(
              'Button',
              c.label,
              c.action,
              'outline',
              'border border-white/50 bg-transparent text-white hover:bg-white/10 dark:border-white/50 dark:bg-transparent dark:text-white dark:hover:bg-white/10',
            );
      return button('Button', c.label, c.action, i === 0 ? 'primary' : 'outline');
    }),
  );
}

/** A list with a check mark before each line. */
export function checklist(items: Loc[], classes = ''): Spec {
  return col(
    'Checklist',
    `list-none gap-3 ${classes}`.trim(),
    items.map((text) =>
      row(
        'Item',
        'items-start gap-3',
        [icon('Check', 'bi:check-circle-fill', 'mt-1 shrink-0 text-primary-l9 dark:text-primary-d11'), inline('Text', text, MUTED)],
        { tag: 'li' },
      ),
    ),
    { tag: 'ul' },
  );
}
