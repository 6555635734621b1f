import type { Collection, SiteDoc } from '../../model/document.js';
import { templateArt } from '../assets.js';
import type { Art } from '../sections/define.js';
import { contentProject, galleryProjects } from '../sections/cms.js';
import { contactSplit } from '../sections/contact.js';
import { notFoundSimple } from '../sections/content.js';
import { ctaCard } from '../sections/cta.js';
import { faqColumns } from '../sections/faq.js';
import { featureList } from '../sections/feature.js';
import { footerSimple } from '../sections/footer.js';
import { heroStatement } from '../sections/hero.js';
import { navBar } from '../sections/navigation.js';
import { aboutSplit, logosRow, statsCounters, teamGrid, testimonialLarge, timelineSteps } from '../sections/people.js';
import { pricingList } from '../sections/pricing.js';
import { LOOKS } from '../theme.js';
import { addCollection, addPage, newDoc, specialPage } from './common.js';

type Block = { type: string; value?: unknown; [k: string]: unknown };

const p = (value: string): Block => ({ type: 'p', value });
const h2 = (value: string): Block => ({ type: 'h2', value });
const img = (value: string, alt: string, figcaption?: string): Block => ({
  type: 'img',
  value,
  alt,
  width: 'full',
  w: 1600,
  h: 1000,
  ...(figcaption ? { figcaption } : {}),
});

/** The studio's projects: the `projects` collection, each with its own case-study page. */
function projects(art: Art): Collection {
  const list = [
    {
      title: 'Harbour Museum',
      slug: 'harbour-museum',
      category: 'Identity',
      year: 2026,
      client: 'Helsinki Harbour Museum',
      services: 'Visual identity, wayfinding, signage',
      summary: 'A new identity and wayfinding system for a museum that lives in three old warehouses by the sea.',
      body: [
        p(
          'The Harbour Museum tells the story of the port through the objects that passed through it: crates, charts, engines and the letters of the people who worked there. When it moved into three restored warehouses, its visitors started getting lost between them.',
        ),
        h2('The challenge'),
        p(
          'The museum needed an identity that felt as solid as the buildings, and signage that worked for families, school groups and visitors who speak neither Finnish nor Swedish. It also had to be cheap to extend: new exhibitions open every season.',
        ),
        img(art('detail-1.svg'), 'Signage on a warehouse wall', 'Signs are cut from the same steel sheets used on the quayside.'),
        h2('What we made'),
        p(
          'We drew a typeface from the stencilled numbers on the original warehouse doors and built the identity around it. Each building got a colour taken from the shipping flags of its era, so visitors can say "meet me in the blue one".',
        ),
        p(
          'The system is set in a shared template library. The museum’s own team now makes posters, exhibition labels and the seasonal programme without calling us, which was the point.',
        ),
        h2('The result'),
        p(
          'In the first year, questions at the front desk about where things are fell by more than half. Visitor numbers rose by 28 percent, and the stencil typeface has become something of a local favourite.',
        ),
      ],
    },
    {
      title: 'Kestrel Maritime',
      slug: 'kestrel-maritime',
      category: 'Website',
      year: 2025,
      client: 'Kestrel Maritime Oy',
      services: 'Strategy, web design, content design',
      summary: 'A website that explains a complicated engineering business in plain words, and brings in the right enquiries.',
      body: [
        p(
          'Kestrel designs hybrid propulsion systems for working boats: ferries, tugs and research vessels. Their engineers are among the best in the world. Their old website read like a parts catalogue.',
        ),
        h2('Listening first'),
        p(
          'We spent two weeks interviewing customers, sales engineers and the people who answer the phone. The same three questions came up every time: will it fit my vessel, what will it save, and who has done it before?',
        ),
        img(art('detail-2.svg'), 'Pages of the new website on a laptop and a phone'),
        h2('A site built on three answers'),
        p(
          'The new site is organised around those questions. Every product page starts with the vessels it suits, a savings calculator built with Kestrel’s own figures, and a case study from a real operator. Technical drawings are still there, one click away, for the people who want them.',
        ),
        p(
          'Enquiries through the site doubled in six months, and the sales team says they are better ones: people arrive knowing what they need.',
        ),
      ],
    },
    {
      title: 'Oat & Stone Bakery',
      slug: 'oat-and-stone',
      category: 'Packaging',
      year: 2025,
      client: 'Oat & Stone',
      services: 'Packaging, illustration, shop interior',
      summary: 'Packaging for a sourdough bakery that wanted to look as honest as its bread.',
      body: [
        p(
          'Oat & Stone bakes with Finnish grains and long fermentation, and sells through its own shop and a handful of grocers. Their bread stood out; their bags did not.',
        ),
        h2('Paper, ink and nothing else'),
        p(
          'We designed a family of packs printed in one colour on unbleached paper, with illustrations of the grain inside drawn by hand. Every bag carries the baker’s name and the day it was baked.',
        ),
        img(art('detail-3.svg'), 'A row of bread bags on a shelf', 'One-colour printing keeps costs down and the bags fully recyclable.'),
        p(
          'The same drawings run through the shop, the delivery bikes and the website. The bakery now sells in twelve shops across the region.',
        ),
      ],
    },
    {
      title: 'North Light Festival',
      slug: 'north-light',
      category: 'Campaign',
      year: 2024,
      client: 'North Light ry',
      services: 'Campaign identity, motion, social',
      summary: 'A winter light festival campaign that had to work on a phone screen and on the side of a building.',
      body: [
        p(
          'North Light fills the city’s darkest weeks with installations by artists from around the Baltic. The campaign had to reach people on their phones in November and still look right projected twenty metres high in January.',
        ),
        h2('One shape, many lights'),
        p(
          'We built the identity from a single rotating shape that changes colour with the programme. It animates on social media, prints on posters, and was turned into a real installation at the festival entrance.',
        ),
        img(art('detail-4.svg'), 'Festival posters along a street at night'),
        p('Attendance reached 210,000 over three weeks, a record for the festival, and a third of visitors came from outside the city.'),
      ],
    },
    {
      title: 'Verso Books',
      slug: 'verso-books',
      category: 'Editorial',
      year: 2024,
      client: 'Verso Kustannus',
      services: 'Series design, typography',
      summary: 'A cover system for a series of translated essays, designed to look good together on a shelf.',
      body: [
        p(
          'Verso publishes essays translated from eleven languages. They wanted a series look that would make readers collect the books, without making every cover look the same.',
        ),
        h2('A grid with room to play'),
        p(
          'Each cover shares a typographic grid and a spine system; the colour and a single geometric mark change with the book’s language of origin. Shelved together, the spines form a quiet pattern.',
        ),
        img(art('detail-5.svg'), 'A stack of books from the series'),
        p('The series won a Finnish Book Art award in 2024 and is now in its third season.'),
      ],
    },
    {
      title: 'Fjell Outdoor',
      slug: 'fjell-outdoor',
      category: 'Product',
      year: 2023,
      client: 'Fjell Outdoor AS',
      services: 'Product design, design system',
      summary: 'A trip-planning app for hikers that works when the signal does not.',
      body: [
        p(
          'Fjell makes maps and route guides for the Nordic mountains. Their app was used by thousands of hikers, but it struggled exactly where people needed it: far from a phone mast.',
        ),
        h2('Offline first'),
        p(
          'We redesigned the app around trips rather than maps. A hiker plans a route at home, and everything they need, from the map tiles to the hut opening times, is saved to the phone before they leave.',
        ),
        img(art('detail-6.svg'), 'The app on a phone, showing a route'),
        p(
          'The design system we built with Fjell’s team now powers their website and the printed guides. App store ratings rose from 3.1 to 4.7 stars.',
        ),
      ],
    },
  ];
  return {
    id: 'projects',
    name: 'Projects',
    icon: 'bi:grid-1x2',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'category', name: 'Category', type: 'enum', options: ['Identity', 'Website', 'Packaging', 'Campaign', 'Editorial', 'Product'] },
      { id: 'year', name: 'Year', type: 'number' },
      { id: 'client', name: 'Client', type: 'text' },
      { id: 'services', name: 'Services', type: 'text' },
      { id: 'summary', name: 'Summary', type: 'text' },
      { id: 'cover', name: 'Cover', type: 'image' },
      { id: 'body', name: 'Case study', type: 'richtext' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: list.map((project, i) => ({ _id: i + 1, ...project, cover: art(`project-${i + 1}.svg`), published: true })),
  };
}

/** Folio: a portfolio for a design studio, its projects a CMS collection with case-study pages. */
export function folioSite(name: string, colors: { primary: string; secondary: string }): SiteDoc {
  const art = templateArt('folio', colors);
  const doc = newDoc({
    name,
    description:
      'An independent design studio in Helsinki: identities, websites and products for organisations that would rather be clear than loud.',
    languages: ['en'],
    look: LOOKS.folio,
    colors,
    site: { email: 'studio@folio.example', phone: '+358 40 555 0123', image: art('share.png') },
    meta: { image: art('share.png') },
    social: {
      instagram: 'https://www.instagram.com/pagewright',
      dribbble: 'https://dribbble.com/pagewright',
      linkedin: 'https://www.linkedin.com/company/pagewright',
    },
  });
  addCollection(doc, projects(art));

  addPage(
    doc,
    specialPage('_before', 'Header'),
    [
      [
        navBar,
        'header',
        {
          pages: ['home', 'about', 'contact'],
          labelField: 'name',
          mark: 'bi:circle-half',
          cta: { label: 'Start a project', action: { page: 'contact' } },
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'home',
      name: 'Work',
      title: `${name} — design studio`,
      description: 'Identities, websites and products for organisations that would rather be clear than loud.',
      share: art('share.png'),
    },
    [
      [
        heroStatement,
        'intro',
        {
          eyebrow: 'Independent design studio, Helsinki',
          title: 'We design brands and products people remember.',
          text: 'Strategy, identity and digital design for museums, makers and engineering companies. Small team, senior people, no hand-offs.',
          ctas: [{ label: 'See selected work', action: { scroll: 'work' } }],
          facts: [
            { value: '14 years', label: 'of independent practice' },
            { value: '120+', label: 'projects delivered' },
            { value: '9', label: 'awards since 2020' },
          ],
        },
      ],
      [
        galleryProjects,
        'work',
        { eyebrow: 'Selected work', title: 'Recent projects', collection: 'projects', page: 'projects/:slug', anchor: 'work' },
      ],
      [
        logosRow,
        'clients',
        {
          title: 'Clients we have worked with',
          logos: ['Northwind', 'Lumen', 'Halcyon', 'Kestrel', 'Orbital', 'Juniper'].map((n, i) => ({
            src: art(`logo-${i + 1}.svg`),
            alt: n,
          })),
          alt: true,
        },
      ],
      [
        testimonialLarge,
        'quote',
        {
          quote:
            '“They listened more than they talked, and then made something better than we had imagined. Our new identity finally looks like the company we are.”',
          name: 'Eero Salonen',
          role: 'CEO, Kestrel Maritime',
          photo: art('person-4.svg'),
        },
      ],
      [
        ctaCard,
        'cta',
        {
          eyebrow: 'Let’s work together',
          title: 'Have a project in mind?',
          text: 'Tell us where you are and where you want to be. We answer every message within two working days.',
          ctas: [{ label: 'Start a conversation', action: { page: 'contact' } }],
          image: art('project-3.svg'),
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'projects/:slug',
      name: 'Project',
      title: '{item.title}',
      description: '{item.summary}',
      slug: 'projects/:slug',
      content: 'projects',
    },
    [
      [contentProject, 'project', { back: { label: 'All work', action: { page: 'home', fragment: 'work' } } }],
      [
        ctaCard,
        'project-cta',
        {
          eyebrow: 'Next step',
          title: 'Like what you see?',
          text: 'We take on a handful of new projects every season. Tell us about yours.',
          ctas: [{ label: 'Get in touch', action: { page: 'contact' } }],
          image: art('project-5.svg'),
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    {
      id: 'about',
      name: 'About',
      title: 'About the studio',
      description: 'Who we are, how we work and what we have learned in fourteen years of independent practice.',
    },
    [
      [
        aboutSplit,
        'story',
        {
          level: 1,
          eyebrow: 'About the studio',
          title: 'Small on purpose, serious about craft',
          paragraphs: [
            '{site.name} was founded in 2012 by two designers who wanted to do fewer projects, better. Fourteen years later we are nine people in a converted print shop in Kallio, and we still take on only a handful of clients at a time.',
            'Every project is led by the people who do the work. You will not meet a sales team and then never see them again: the designer on the first call is the designer who hands over the files.',
          ],
          image: art('studio.svg'),
          imageAlt: 'The studio: a long table under arched windows',
          stats: [
            { value: '2012', label: 'founded' },
            { value: '9', label: 'people' },
            { value: '120+', label: 'projects' },
          ],
        },
      ],
      [
        featureList,
        'approach',
        {
          eyebrow: 'How we work',
          title: 'A process built on attention',
          text: 'Four stages, clear milestones and a fixed price agreed before we start.',
          alt: true,
          items: [
            { title: 'Listen', text: 'Interviews with your team and your customers, and a written brief we agree on together.' },
            { title: 'Explore', text: 'Two or three honest directions, shown early and rough, so nobody falls in love too soon.' },
            { title: 'Craft', text: 'One direction taken all the way: every size, every screen, every awkward edge case.' },
            { title: 'Hand over', text: 'Files, guidelines and training, so your team can carry on without us.' },
          ],
        },
      ],
      [
        statsCounters,
        'numbers',
        {
          title: 'Fourteen years in numbers',
          stats: [
            { value: 124, label: 'projects delivered' },
            { value: 17, label: 'countries our work is used in' },
            { value: 9, label: 'design awards' },
            { value: 92, suffix: '%', label: 'of clients come back' },
          ],
        },
      ],
      [
        teamGrid,
        'team',
        {
          eyebrow: 'The team',
          title: 'The people you will work with',
          text: 'Designers, writers and engineers who like each other and like the work.',
          people: [
            {
              name: 'Mira Lindqvist',
              role: 'Founder, creative director',
              bio: 'Leads identity work. Before the studio, eight years in book design.',
              photo: art('person-1.svg'),
            },
            {
              name: 'Jonas Berg',
              role: 'Founder, design director',
              bio: 'Leads digital projects. Writes code when nobody is looking.',
              photo: art('person-2.svg'),
            },
            {
              name: 'Amara Nwosu',
              role: 'Senior designer',
              bio: 'Type, motion and the occasional illustration.',
              photo: art('person-3.svg'),
            },
            {
              name: 'Leo Virtanen',
              role: 'Content designer',
              bio: 'Turns complicated things into sentences people finish.',
              photo: art('person-4.svg'),
            },
          ],
        },
      ],
      [
        timelineSteps,
        'history',
        {
          eyebrow: 'Our story',
          title: 'How we got here',
          alt: true,
          events: [
            {
              date: '2012',
              title: 'Two desks in a shared office',
              text: 'Mira and Jonas leave their agency jobs with one client and a lot of coffee.',
            },
            {
              date: '2016',
              title: 'Our own studio',
              text: 'We move into an old print shop in Kallio, with room for six and a proper kitchen.',
            },
            { date: '2020', title: 'Work that travels', text: 'First projects for clients in Oslo, Berlin and Tokyo, all from Helsinki.' },
            { date: '2024', title: 'Still small, by choice', text: 'Nine people, a four-day week and a waiting list we are proud of.' },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'contact', name: 'Contact', title: 'Contact', description: 'Start a project with the studio, or just say hello.' },
    [
      [
        contactSplit,
        'contact',
        {
          eyebrow: 'Contact',
          title: 'Start a project',
          text: 'Tell us a little about your organisation and what you have in mind. We reply to every message within two working days.',
          details: [
            { icon: 'bi:envelope', label: 'New projects', value: 'studio@folio.example', action: { email: 'studio@folio.example' } },
            { icon: 'bi:telephone', label: 'Phone', value: '+358 40 555 0123', action: { phone: '+358405550123' } },
            { icon: 'bi:geo-alt', label: 'Studio', value: 'Vaasankatu 9, 00500 Helsinki' },
          ],
          formName: 'project-enquiry',
          fields: [
            { kind: 'input', name: 'name', label: 'Your name', required: true },
            { kind: 'input', name: 'email', type: 'email', label: 'Email', required: true },
            { kind: 'input', name: 'organisation', label: 'Organisation' },
            {
              kind: 'select',
              name: 'budget',
              label: 'Budget',
              options: [
                { value: 'under-15k', label: 'Under €15,000' },
                { value: '15-40k', label: '€15,000–40,000' },
                { value: '40k+', label: 'More than €40,000' },
                { value: 'unsure', label: 'Not sure yet' },
              ],
            },
            { kind: 'textarea', name: 'project', label: 'Tell us about the project', required: true },
          ],
          submit: 'Send enquiry',
          note: 'We never share your details.',
        },
      ],
      [
        pricingList,
        'services',
        {
          eyebrow: 'Services and fees',
          title: 'Where most projects start',
          text: 'Every project is priced on its own after a first conversation. These are typical starting points.',
          alt: true,
          groups: [
            {
              title: 'Brand',
              items: [
                { name: 'Discovery workshop', text: 'A day with your team to agree on goals, audiences and priorities.', price: '€2,400' },
                { name: 'Visual identity', text: 'Logo, colour, type, imagery and a practical guide.', price: 'from €18,000' },
                { name: 'Naming', text: 'Research, shortlists and trademark pre-checks.', price: 'from €6,500' },
              ],
            },
            {
              title: 'Digital',
              items: [
                {
                  name: 'Website',
                  text: 'Design and content structure for every page type, built with your developers or ours.',
                  price: 'from €24,000',
                },
                { name: 'Product design', text: 'Research, flows and interface design for apps and services.', price: 'from €30,000' },
                { name: 'Design system', text: 'Components, documentation and training for your team.', price: 'from €20,000' },
              ],
            },
          ],
          note: 'Fees exclude VAT and are agreed in writing before work begins.',
        },
      ],
      [
        faqColumns,
        'contact-faq',
        {
          title: 'Good to know',
          text: 'Answers to what new clients ask us most.',
          questions: [
            {
              question: 'How far ahead do you book?',
              answer: 'Usually six to ten weeks. For smaller pieces of work we can sometimes start sooner, so ask.',
            },
            {
              question: 'Do you work with clients abroad?',
              answer: 'About a third of our clients are outside Finland. We work in English, Finnish and Swedish.',
            },
            {
              question: 'Can you work with our developers?',
              answer: 'Gladly. We hand over designs in the tools your team uses and stay involved until launch.',
            },
            {
              question: 'Do you do pitches?',
              answer: 'We do not do unpaid creative pitches, but we are happy to talk through our approach and show relevant work.',
            },
          ],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    specialPage('404', 'Page not found', 'The page you were looking for does not exist.'),
    [
      [
        notFoundSimple,
        'not-found',
        {
          title: 'Nothing to see here',
          text: 'This page does not exist, or it has moved. The work is still where it was.',
          ctas: [{ label: 'See the work', action: { page: 'home' } }],
        },
      ],
    ],
    art,
  );

  addPage(
    doc,
    specialPage('_after', 'Footer'),
    [
      [
        footerSimple,
        'footer',
        {
          mark: 'bi:circle-half',
          pages: ['home', 'about', 'contact'],
          copyright: '© {copyright.year} {site.name} · Vaasankatu 9, Helsinki · studio@folio.example',
        },
      ],
    ],
    art,
  );

  return doc;
}
