import type { Loc } from '../../model/document.js';
import { band, col, heading, icon, image, inline, link, para, row, spec, type Action, type Spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, buttons, CARD, CHIP, intro, MUTED, PAD, STRONG, wrap, type Intro } from './parts.js';

// ------------------------------------------------------------------------------------------------
// Form fields

interface FormField {
  kind: 'input' | 'textarea' | 'select' | 'checkbox';
  name: string;
  label: Loc;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'number' | 'url';
  placeholder?: Loc;
  required?: boolean;
  options?: { value: string; label: Loc }[];
  /** Spans both columns of the form. */
  wide?: boolean;
}

const FIELD = 'gap-1.5 [&>label]:text-sm [&>label]:font-medium [&>label]:text-gray-l12 dark:[&>label]:text-gray-d12';

function field(f: FormField): Spec {
  const wide = f.wide || f.kind === 'textarea' || f.kind === 'checkbox' ? 'sm:col-span-2' : '';
  const common = {
    name: f.name,
    label: f.label,
    ...(f.required ? { required: true } : {}),
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
  };
  let control: Spec;
  if (f.kind === 'textarea') control = spec('textarea', 'Control', '', { ...common, rows: 5 });
  else if (f.kind === 'select') control = spec('select', 'Control', '', { ...common, options: f.options ?? [] });
  else if (f.kind === 'checkbox')
    control = spec(
      'checkbox',
      'Control',
      `flex items-start gap-3 text-sm ${MUTED} [&_input]:mt-1 [&_input]:size-4 [&_input]:accent-primary-l9`,
      { name: f.name, label: f.label, ...(f.required ? { required: true } : {}) },
    );
  else control = spec('input', 'Control', '', { ...common, type: f.type ?? 'text' });
  return col('Field', `${FIELD} ${wide}`.trim(), [control]);
}

/** A form of fields in two columns with a submit button. */
function form(name: string, fields: FormField[], submit: Loc, note?: Loc): Spec {
  return spec('form', 'Form', 'grid gap-x-5 gap-y-5 sm:grid-cols-2', { name, method: 'post' }, [
    ...fields.map(field),
    row('Submit row', 'flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between', [
      spec('button', 'Submit', 'w-full sm:w-auto', { value: submit, '_options.type': 'submit' }),
      note ? para('Note', note, 'text-sm text-gray-l11 dark:text-gray-d11') : undefined,
    ]),
  ]);
}

// ------------------------------------------------------------------------------------------------
// Contact

export interface ContactDetail {
  icon: string;
  label: Loc;
  value: Loc;
  action?: Action;
}

export interface ContactContent extends Intro {
  details: ContactDetail[];
  formName: string;
  fields: FormField[];
  submit: Loc;
  note?: Loc;
  alt?: boolean;
}

const CONTACT_FIELDS: FormField[] = [
  { kind: 'input', name: 'name', label: 'Your name', required: true },
  { kind: 'input', name: 'email', type: 'email', label: 'Email', required: true },
  { kind: 'input', name: 'company', label: 'Company' },
  { kind: 'input', name: 'phone', type: 'tel', label: 'Phone' },
  { kind: 'textarea', name: 'message', label: 'How can we help?', required: true },
];

function detail(d: ContactDetail): Spec {
  return row('Detail', 'items-start gap-4', [
    row('Icon box', CHIP, [icon('Icon', d.icon)]),
    col('Text', 'gap-0.5', [
      inline('Label', d.label, `text-sm font-semibold ${STRONG}`),
      d.action
        ? link('Value', d.value, d.action, 'text-primary-l11 underline-offset-4 hover:underline dark:text-primary-d11')
        : para('Value', d.value, 'not-italic', { '_options.tag': 'address' }),
    ]),
  ]);
}

export const contactSplit = defineSection<ContactContent>({
  id: 'contact-split',
  name: 'Contact with form',
  category: 'contact',
  defaults: () => ({
    eyebrow: 'Contact',
    title: 'Let’s talk',
    text: 'Tell us a little about what you need and we will get back to you within one working day.',
    details: [
      { icon: 'bi:envelope', label: 'Email', value: 'hello@example.com', action: { email: 'hello@example.com' } },
      { icon: 'bi:telephone', label: 'Phone', value: '+358 9 4567 8900', action: { phone: '+35894567 8900' } },
      { icon: 'bi:geo-alt', label: 'Office', value: 'Market Street 12, 00100 Helsinki' },
    ],
    formName: 'contact',
    fields: CONTACT_FIELDS,
    submit: 'Send message',
    note: 'We never share your details.',
  }),
  tree: (c) =>
    band('Contact with form', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          col('Info', 'gap-10', [intro(c, { level: 1, size: 'text-4xl sm:text-5xl' }), col('Details', 'gap-6', c.details.map(detail))]),
          col('Card', `${CARD} p-6 shadow-sm sm:p-10 lg:col-span-1`, [form(c.formName, c.fields, c.submit, c.note)]),
        ],
        'grid gap-gap-lg lg:grid-cols-[2fr_3fr]',
      ),
    ]),
});

export interface LocationContent extends Intro {
  image: string;
  imageAlt: Loc;
  addressTitle: Loc;
  address: Loc;
  hoursTitle: Loc;
  hours: { days: Loc; time: Loc }[];
  ctas?: Cta[];
  anchor?: string;
  alt?: boolean;
}

export const contactLocation = defineSection<LocationContent>({
  id: 'contact-location',
  name: 'Location and hours',
  category: 'contact',
  defaults: (art) => ({
    eyebrow: 'Find us',
    title: 'Right in the centre of town',
    text: 'Five minutes on foot from the central station, with bike racks by the door.',
    image: art('map.svg'),
    imageAlt: 'A map of the neighbourhood',
    addressTitle: 'Address',
    address: 'Market Street 12, 00100 Helsinki',
    hoursTitle: 'Opening hours',
    hours: [
      { days: 'Monday to Friday', time: '9–18' },
      { days: 'Saturday', time: '10–16' },
      { days: 'Sunday', time: 'Closed' },
    ],
    ctas: [{ label: 'Get directions', action: { url: 'https://www.openstreetmap.org/search?query=Helsinki', blank: true } }],
    anchor: 'location',
  }),
  tree: (c) =>
    band(
      'Location and hours',
      `${PAD} ${c.alt ? ALT_BG : ''}`.trim(),
      [
        wrap(
          'Content',
          [
            col('Text', 'gap-8', [
              intro(c),
              spec('layout-grid2', 'Facts', 'gap-8 sm:grid-cols-2', {}, [
                col('Address', 'gap-2', [
                  heading('Title', c.addressTitle, 3, 'text-base'),
                  para('Address', c.address, 'not-italic', { '_options.tag': 'address' }),
                ]),
                col('Hours', 'gap-2', [
                  heading('Title', c.hoursTitle, 3, 'text-base'),
                  col(
                    'List',
                    'list-none gap-1',
                    c.hours.map((h) =>
                      row(
                        'Row',
                        'justify-between gap-6',
                        [inline('Days', h.days, MUTED), inline('Time', h.time, `tabular-nums font-medium ${STRONG}`)],
                        { tag: 'li' },
                      ),
                    ),
                    { tag: 'ul' },
                  ),
                ]),
              ]),
              buttons(c.ctas),
            ]),
            image('Map', c.image, c.imageAlt, 'h-auto w-full rounded-box-2xl object-cover shadow-lg', { width: 1200, height: 900 }),
          ],
          'grid items-center gap-gap-lg lg:grid-cols-2',
        ),
      ],
      { anchor: c.anchor },
    ),
});

// ------------------------------------------------------------------------------------------------
// Booking form

export interface BookingContent extends Intro {
  formName: string;
  fields: FormField[];
  submit: Loc;
  note?: Loc;
  asideTitle: Loc;
  aside: { icon: string; title: Loc; text: Loc }[];
  alt?: boolean;
}

const times = ['11:30', '12:00', '12:30', '13:00', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'];

export const formBooking = defineSection<BookingContent>({
  id: 'form-booking',
  name: 'Booking form',
  category: 'form',
  defaults: () => ({
    eyebrow: 'Reservations',
    title: 'Book a table',
    text: 'Choose a day and a time and we will confirm by email within a few hours.',
    formName: 'booking',
    fields: [
      { kind: 'input', name: 'name', label: 'Name', required: true },
      { kind: 'input', name: 'email', type: 'email', label: 'Email', required: true },
      { kind: 'input', name: 'phone', type: 'tel', label: 'Phone' },
      {
        kind: 'select',
        name: 'guests',
        label: 'Guests',
        placeholder: 'Choose…',
        required: true,
        options: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), label: n === 1 ? '1 person' : `${n} people` })),
      },
      { kind: 'input', name: 'date', type: 'date', label: 'Date', required: true },
      {
        kind: 'select',
        name: 'time',
        label: 'Time',
        placeholder: 'Choose…',
        required: true,
        options: times.map((t) => ({ value: t, label: t })),
      },
      { kind: 'textarea', name: 'notes', label: 'Anything we should know?', placeholder: 'Allergies, a high chair, a birthday…' },
      { kind: 'checkbox', name: 'consent', label: 'I agree that my details are used to handle this booking.', required: true },
    ],
    submit: 'Request a table',
    note: 'Free cancellation up to 24 hours before.',
    asideTitle: 'Good to know',
    aside: [
      { icon: 'bi:people', title: 'Groups', text: 'For nine or more, write to us and we will plan a menu together.' },
      { icon: 'bi:clock', title: 'Walk-ins', text: 'We keep a few tables free every evening for those who drop by.' },
      { icon: 'bi:telephone', title: 'Same day', text: 'For tonight, calling is quickest.' },
    ],
  }),
  tree: (c) =>
    band('Booking form', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { level: 1, size: 'text-4xl sm:text-5xl' }),
          row('Columns', 'flex-col gap-gap lg:flex-row lg:items-start', [
            col('Card', `${CARD} flex-1 p-6 shadow-sm sm:p-10`, [form(c.formName, c.fields, c.submit, c.note)]),
            col(
              'Aside',
              'gap-6 rounded-box-xl bg-primary-l2 p-8 lg:w-80 dark:bg-primary-d2',
              [
                heading('Title', c.asideTitle, 2, 'text-xl'),
                ...c.aside.map((a) =>
                  row('Item', 'items-start gap-3', [
                    icon('Icon', a.icon, 'mt-1 shrink-0 text-lg text-primary-l11 dark:text-primary-d11'),
                    col('Text', 'gap-1', [inline('Title', a.title, `font-semibold ${STRONG}`), para('Text', a.text, 'text-sm')]),
                  ]),
                ),
              ],
              { tag: 'aside' },
            ),
          ]),
        ],
        'gap-12',
      ),
    ]),
});
