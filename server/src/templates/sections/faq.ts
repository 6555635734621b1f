import type { Loc } from '../../model/document.js';
import { band, col, grid, heading, icon, inline, link, para, row } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, intro, PAD, STRONG, wrap, type Intro } from './parts.js';

export interface Question {
  question: Loc;
  answer: Loc;
}

export interface FaqContent extends Intro {
  questions: Question[];
  /** A line under the questions with a link: "Still have questions? Contact us". */
  more?: { text: Loc; link: Cta };
  alt?: boolean;
}

const SAMPLE: Question[] = [
  {
    question: 'How long does it take to get started?',
    answer:
      'Most people are up and running in under an hour. Bring your existing content with the importer, or start from one of our templates.',
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. Move up or down whenever you like; we work out the difference to the day and show it on your next invoice.',
  },
  {
    question: 'Where is my data stored?',
    answer: 'In data centres inside the European Union, encrypted at rest and in transit, with a backup every night.',
  },
  {
    question: 'Do you offer discounts for non-profits?',
    answer: 'We do: registered charities and schools get half off every paid plan. Write to us with your registration number.',
  },
  {
    question: 'What happens if I cancel?',
    answer: 'Your account stays open until the end of the period you paid for, and you can export everything at any time.',
  },
];

/** One question as a disclosure: the question is the summary, the answer opens beneath it. */
function disclosure(q: Question): ReturnType<typeof col> {
  return col(
    'Question',
    'group border-b border-gray-l5 dark:border-gray-d5',
    [
      row(
        'Summary',
        `flex cursor-pointer list-none items-center justify-between gap-6 py-5 text-left font-semibold ${STRONG} [&::-webkit-details-marker]:hidden`,
        [
          inline('Question', q.question, `text-lg ${STRONG}`),
          icon(
            'Icon',
            'bi:plus-lg',
            'shrink-0 text-xl text-primary-l11 transition-transform duration-200 group-open:rotate-45 dark:text-primary-d11',
          ),
        ],
        { tag: 'summary' },
      ),
      para('Answer', q.answer, 'max-w-2xl pb-6 pr-10'),
    ],
    { tag: 'details' },
  );
}

function more(c: FaqContent, classes: string) {
  if (!c.more) return undefined;
  return row('More', `flex-wrap items-center gap-x-2 gap-y-1 ${classes}`, [
    inline('Text', c.more.text),
    link(
      'Link',
      c.more.link.label,
      c.more.link.action,
      'font-semibold text-primary-l11 underline-offset-4 hover:underline dark:text-primary-d11',
    ),
  ]);
}

export const faqAccordion = defineSection<FaqContent>({
  id: 'faq-accordion',
  name: 'FAQ accordion',
  category: 'faq',
  defaults: () => ({
    eyebrow: 'FAQ',
    title: 'Questions, answered',
    questions: SAMPLE,
    more: { text: 'Can’t find what you are looking for?', link: { label: 'Get in touch', action: { page: 'contact' } } },
  }),
  tree: (c) =>
    band('FAQ accordion', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { align: 'center' }),
          col('Questions', 'border-t border-gray-l5 dark:border-gray-d5', c.questions.map(disclosure)),
          more(c, 'justify-center'),
        ],
        'gap-12',
        'max-w-3xl',
      ),
    ]),
});

export const faqSplit = defineSection<FaqContent>({
  id: 'faq-split',
  name: 'FAQ beside a heading',
  category: 'faq',
  defaults: () => ({
    eyebrow: 'Support',
    title: 'Frequently asked questions',
    text: 'Short answers to what people ask us most. For anything else, we are a message away.',
    questions: SAMPLE.slice(0, 4),
    more: { text: 'Still wondering?', link: { label: 'Ask us directly', action: { page: 'contact' } } },
  }),
  tree: (c) =>
    band('FAQ beside a heading', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          col('Heading', 'gap-6 lg:sticky lg:top-28 lg:self-start', [intro(c), more(c, '')]),
          col('Questions', 'border-t border-gray-l5 lg:col-span-2 dark:border-gray-d5', c.questions.map(disclosure)),
        ],
        'grid gap-gap-lg lg:grid-cols-3',
      ),
    ]),
});

export const faqColumns = defineSection<FaqContent>({
  id: 'faq-columns',
  name: 'FAQ in columns',
  category: 'faq',
  defaults: () => ({ title: 'Good to know', text: 'The practical details, all in one place.', questions: SAMPLE.slice(0, 4) }),
  tree: (c) =>
    band('FAQ in columns', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c),
          grid(
            'Questions',
            'gap-x-gap-lg gap-y-10 md:grid-cols-2',
            c.questions.map((q) => col('Question', 'gap-2', [heading('Question', q.question, 3, 'text-lg'), para('Answer', q.answer)])),
            { columns: 2, tag: 'div' },
          ),
          more(c, ''),
        ],
        'gap-12',
      ),
    ]),
});
