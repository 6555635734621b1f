import type { Loc } from '../../model/document.js';
import { band, col, image, para, spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { buttons, intro, PAD, wrap, type Intro } from './parts.js';

export interface CtaContent extends Intro {
  ctas: Cta[];
  image?: string;
}

export const ctaBanner = defineSection<CtaContent>({
  id: 'cta-banner',
  name: 'Call to action banner',
  category: 'cta',
  defaults: () => ({
    title: 'Ready when you are',
    text: 'Start today and see the difference in a week. If it is not for you, leaving takes one click.',
    ctas: [
      { label: 'Get started', action: { page: 'contact' } },
      { label: 'Talk to us', action: { page: 'contact' } },
    ],
  }),
  tree: (c) =>
    band('Call to action banner', `${PAD} relative isolate overflow-hidden bg-primary-l9 dark:bg-primary-d4`, [
      col('Glow', 'absolute -top-40 -right-40 -z-10 size-[32rem] rounded-full bg-primary-l7/50 blur-3xl', []),
      wrap(
        'Content',
        [intro(c, { align: 'center', dark: true }), buttons(c.ctas, { center: true, onColor: true })],
        'items-center gap-8',
        'max-w-3xl',
      ),
    ]),
});

export const ctaCard = defineSection<CtaContent>({
  id: 'cta-card',
  name: 'Call to action card',
  category: 'cta',
  defaults: (art) => ({
    eyebrow: 'Let’s work together',
    title: 'Have a project in mind?',
    text: 'Tell us where you are and where you want to be. We answer every message within two working days.',
    ctas: [{ label: 'Start a conversation', action: { page: 'contact' } }],
    image: art('cta.svg'),
  }),
  tree: (c) =>
    band('Call to action card', PAD, [
      wrap(
        'Card',
        [
          col('Text', 'gap-8 p-8 sm:p-12 lg:p-16', [intro(c, { dark: true }), buttons(c.ctas, { onColor: true })]),
          c.image ? image('Image', c.image, '', 'hidden h-full w-full object-cover lg:block', { width: 1200, height: 900 }) : undefined,
        ],
        'grid overflow-hidden rounded-box-2xl bg-gray-l12 lg:grid-cols-2 dark:bg-gray-d3',
      ),
    ]),
});

export interface NewsletterContent extends Intro {
  /** The email field's name for screen readers. */
  label: Loc;
  placeholder: Loc;
  submit: Loc;
  fine?: Loc;
  /** The form's name: where submissions are collected. */
  formName: string;
}

export const ctaNewsletter = defineSection<NewsletterContent>({
  id: 'cta-newsletter',
  name: 'Newsletter sign-up',
  category: 'cta',
  defaults: () => ({
    eyebrow: 'Newsletter',
    title: 'One good email a month',
    text: 'What we learned, what we made and what we are reading. No spam, and you can leave whenever you like.',
    label: 'Email address',
    placeholder: 'you@example.com',
    submit: 'Subscribe',
    fine: 'We care about your data: read our privacy policy.',
    formName: 'newsletter',
  }),
  tree: (c) =>
    band('Newsletter sign-up', PAD, [
      wrap(
        'Content',
        [
          intro(c, { size: 'text-3xl' }),
          col('Signup', 'w-full gap-3 lg:max-w-md', [
            spec('form', 'Form', 'flex flex-col gap-3 sm:flex-row', { name: c.formName, method: 'post' }, [
              spec('label', 'Email label', 'sr-only', { value: c.label, for: `${c.formName}-email` }),
              spec('input', 'Email', 'sm:flex-1', {
                type: 'email',
                name: 'email',
                id: `${c.formName}-email`,
                placeholder: c.placeholder,
                required: true,
              }),
              spec('button', 'Submit', 'shrink-0', { value: c.submit, '_options.type': 'submit' }),
            ]),
            c.fine && para('Fine print', c.fine, 'text-sm text-gray-l11 dark:text-gray-d11'),
          ]),
        ],
        'gap-8 rounded-box-2xl bg-primary-l2 p-8 sm:p-12 lg:flex-row lg:items-center lg:justify-between dark:bg-primary-d2',
      ),
    ]),
});
