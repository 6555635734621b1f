import type { SiteDoc } from '../../model/document.js';
import { templateArt } from '../assets.js';
import { blogFeatured, blogGrid, blogPost } from '../sections/cms.js';
import { contentArticle, contentPageHeader, notFoundSimple } from '../sections/content.js';
import { ctaNewsletter } from '../sections/cta.js';
import { footerSimple } from '../sections/footer.js';
import { navCentered } from '../sections/navigation.js';
import { teamGrid } from '../sections/people.js';
import { LOOKS } from '../theme.js';
import { addCollection, addPage, newDoc, specialPage } from './common.js';
import { authors, posts } from './posts.js';

const NEWSLETTER = {
  eyebrow: 'The newsletter',
  title: 'New essays, once a fortnight',
  text: 'One email with what we published, what we are reading and nothing else. Unsubscribe with one click.',
  label: 'Email address',
  placeholder: 'you@example.com',
  submit: 'Subscribe',
  fine: 'Join 8,400 readers. We never share your address.',
  formName: 'newsletter',
};

/** Journal: a blog whose posts and authors are CMS collections; every post has its own page. */
export function journalSite(name: string, colors: { primary: string; secondary: string }): SiteDoc {
  const art = templateArt('journal', colors);
  const doc = newDoc({
    name,
    description: 'Essays on craft, code and design, written slowly.',
    languages: ['en'],
    look: LOOKS.journal,
    colors,
    site: { email: 'editor@journal.example', image: art('share.png') },
    meta: { image: art('share.png') },
    social: {
      mastodon: 'https://mastodon.social/@pagewright',
      bluesky: 'https://bsky.app/profile/pagewright.dev',
      rss: 'https://journal.example/rss.xml',
    },
  });
  addCollection(doc, posts(art));
  addCollection(doc, authors(art));

  addPage(
    doc,
    specialPage('_before', 'Header'),
    [
      [
        navCentered,
        'header',
        { brand: '{site.name}', tagline: '{site.description}', pages: ['home', 'archive', 'about'], labelField: 'name' },
      ],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'home', name: 'Latest', title: name, description: 'Essays on craft, code and design, written slowly.', share: art('share.png') },
    [
      [blogFeatured, 'featured', { collection: 'posts', page: 'posts/:slug', authors: 'authors', readMore: 'Read the essay', level: 1 }],
      [
        blogGrid,
        'latest',
        {
          title: 'More essays',
          text: '',
          eyebrow: '',
          collection: 'posts',
          page: 'posts/:slug',
          authors: 'authors',
          offset: 1,
          length: 6,
          readMore: 'Read',
        },
      ],
      [ctaNewsletter, 'newsletter', NEWSLETTER],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'archive', name: 'Archive', title: 'Archive', description: 'Every essay published in the Journal, newest first.' },
    [
      [
        contentPageHeader,
        'archive-header',
        { eyebrow: 'Archive', title: 'Everything we have written', text: 'Every essay, newest first. Grab a coffee.', align: 'center' },
      ],
      [
        blogGrid,
        'archive-posts',
        { title: '', eyebrow: '', text: '', collection: 'posts', page: 'posts/:slug', authors: 'authors', readMore: 'Read' },
      ],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'posts/:slug', name: 'Post', title: '{item.title}', description: '{item.excerpt}', slug: 'posts/:slug', content: 'posts' },
    [
      [
        blogPost,
        'post',
        {
          back: { label: 'All essays', action: { page: 'archive' } },
          authors: 'authors',
          authorField: 'role',
          aboutAuthor: 'About the author',
        },
      ],
      [
        blogGrid,
        'more-posts',
        {
          eyebrow: 'Keep reading',
          title: 'More from the Journal',
          text: '',
          collection: 'posts',
          page: 'posts/:slug',
          authors: 'authors',
          length: 3,
          excludeCurrent: true,
          readMore: 'Read',
          alt: true,
        },
      ],
      [ctaNewsletter, 'post-newsletter', NEWSLETTER],
    ],
    art,
  );

  addPage(
    doc,
    { id: 'about', name: 'About', title: 'About the Journal', description: 'Who writes here, and why.' },
    [
      [
        contentPageHeader,
        'about-header',
        {
          eyebrow: 'About',
          title: 'Written slowly, on purpose',
          text: 'An independent publication about the craft of making things for the web.',
          align: 'center',
        },
      ],
      [
        contentArticle,
        'about-text',
        {
          title: '',
          body: [
            {
              type: 'p',
              value:
                '{site.name} started in 2021 as a shared notebook between three people who make websites and software for a living. We wanted somewhere to think out loud about the work: not the latest tools, but the habits, trade-offs and small decisions that separate good work from the rest.',
            },
            {
              type: 'p',
              value:
                'We publish an essay roughly every two weeks. Each one is edited, read aloud and rewritten at least once. We would rather publish less and stand behind all of it.',
            },
            { type: 'h2', value: 'What we write about' },
            {
              type: 'ul',
              value: [
                '**Craft**: writing, critique, and the habits of people who do good work',
                '**Code**: building software that is simple to change and kind to its users',
                '**Design**: interfaces, type, colour and the systems behind them',
              ],
            },
            { type: 'h2', value: 'Write for us' },
            {
              type: 'p',
              value:
                'We welcome pitches from practitioners. Send a paragraph about your idea and a link to something you have written to [editor@journal.example](mailto:editor@journal.example).',
            },
          ],
        },
      ],
      [
        teamGrid,
        'authors',
        {
          eyebrow: 'The writers',
          title: 'Who writes here',
          text: 'Three people, many opinions, one shared style guide.',
          collection: 'authors',
          columns: 3,
          people: [],
          alt: true,
        },
      ],
      [ctaNewsletter, 'about-newsletter', NEWSLETTER],
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
          title: 'This page is not in the archive',
          text: 'It may have been moved or renamed. The essays are all still here.',
          ctas: [{ label: 'Browse the archive', action: { page: 'archive' } }],
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
          brand: '{site.name}',
          mark: 'bi:journal-richtext',
          pages: ['home', 'archive', 'about'],
          copyright: '© {copyright.year} {site.name}. Essays may be quoted with a link back.',
        },
      ],
    ],
    art,
  );

  return doc;
}
