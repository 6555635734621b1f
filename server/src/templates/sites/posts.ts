import type { Collection } from '../../model/document.js';
import type { Art } from '../sections/define.js';

/** The Journal's posts and authors: real articles, so a new blog reads like one from the start. */

type Block = { type: string; value?: unknown; [k: string]: unknown };
const p = (value: string): Block => ({ type: 'p', value });
const h2 = (value: string): Block => ({ type: 'h2', value });
const ul = (value: string[]): Block => ({ type: 'ul', value });

interface Post {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  date: string;
  author: string;
  minutes: number;
  body: Block[];
}

const POSTS: Post[] = [
  {
    title: 'The case for boring technology',
    slug: 'the-case-for-boring-technology',
    excerpt: 'Every new tool costs more than its licence. Why we choose the dull, well-understood option nine times out of ten.',
    category: 'Code',
    date: '2026-11-12',
    author: 'sam-whitfield',
    minutes: 6,
    body: [
      p(
        'Every team has a budget for novelty, whether they admit it or not. Each new database, framework or build tool spends some of it: on learning, on the bugs nobody has written about yet, on the one colleague who understands it going on holiday.',
      ),
      p(
        'Boring technology is technology whose failure modes are known. Someone has already hit the strange bug at three in the morning, written it up and fixed it. That is worth more than most of the features on a comparison chart.',
      ),
      h2('Spend novelty where it pays'),
      p(
        'We are not against new things. We are against new things in places where they do not make a difference to the people we build for. A new charting library that makes a report clearer: yes. A new way to run background jobs because the old one is unfashionable: probably not.',
      ),
      ul([
        'Is the problem we have actually the one this tool solves?',
        'Who on the team will own it in two years?',
        'What do we stop using if we adopt it?',
      ]),
      h2('The quiet benefits'),
      p(
        'Boring stacks are easier to hire for and easier to hand over. They make estimates more honest, because fewer surprises hide in the plumbing. And they leave attention for the parts of the product that are genuinely new, which is where it belongs.',
      ),
      p(
        'The next time a shiny tool tempts you, write down what it would replace and what it would cost to keep. If the list is short and the cost is low, go ahead. Otherwise, enjoy reading about it, and ship with what you know.',
      ),
    ],
  },
  {
    title: 'Designing with real content from day one',
    slug: 'designing-with-real-content',
    excerpt: 'Placeholder text hides the hardest design problems until the week before launch. Here is how we avoid it.',
    category: 'Design',
    date: '2026-10-29',
    author: 'elina-koski',
    minutes: 5,
    body: [
      p(
        'Lorem ipsum is polite. It always fits. Real content does not: product names run long, people have three surnames, and the one testimonial the client loves is four paragraphs.',
      ),
      p(
        'When designs are made with placeholder text, those problems arrive at the end, when there is the least time and the most pressure to squeeze things in. The result is truncated headings, awkward line breaks and layouts that only work for the demo.',
      ),
      h2('Start with the words you have'),
      p(
        'On every project we now collect real content before the first layout: existing pages, support emails, sales decks, even old brochures. It is never final, but it is honest about length, tone and structure.',
      ),
      ul([
        'Write headlines at their real length, not an idealised one',
        'Design the longest name and the shortest one side by side',
        'Keep an "awkward content" page in the design file and check it weekly',
      ]),
      h2('What changes'),
      p(
        'Clients give better feedback when they see their own words, because they can judge whether the page says the right thing, not just whether it looks nice. Writers and designers start working together instead of in sequence.',
      ),
      p('It takes a little longer at the start. It saves weeks at the end.'),
    ],
  },
  {
    title: 'What a year of writing every week taught me',
    slug: 'a-year-of-writing-every-week',
    excerpt: 'Fifty-two posts, a few good ones, and a much better sense of what it takes to think clearly on paper.',
    category: 'Craft',
    date: '2026-10-08',
    author: 'noor-haddad',
    minutes: 7,
    body: [
      p(
        'A year ago I promised myself one published piece a week, however short. I kept the promise, mostly on Sunday evenings and occasionally on a train. Here is what fifty-two deadlines did to my writing.',
      ),
      h2('Quantity makes quality possible'),
      p(
        'Most of the posts were fine. Four or five were genuinely good, and I could not have predicted which ones. The only way to get the good ones was to write all of them.',
      ),
      h2('Shorter is harder, and better'),
      p(
        'Early posts ran to two thousand words because I had not decided what I thought. By the autumn most were under eight hundred. Cutting is where the thinking happens: every paragraph you remove forces you to say why the others matter.',
      ),
      h2('Readers want one idea'),
      p(
        'The posts people shared were never the clever ones. They were the ones with a single, clear idea and one example that made it concrete. Everything else was decoration.',
      ),
      ul(['Write the conclusion first, then earn it', 'Read every draft aloud once', 'Publish on a schedule, not when it feels ready']),
      p('I am keeping the habit, though perhaps fortnightly. The deadline was never the point. Thinking in public was.'),
    ],
  },
  {
    title: 'Small pull requests, big results',
    slug: 'small-pull-requests',
    excerpt: 'The single change that made our reviews faster, our releases calmer and our codebase easier to live in.',
    category: 'Code',
    date: '2026-09-17',
    author: 'sam-whitfield',
    minutes: 5,
    body: [
      p(
        'A pull request with two thousand changed lines gets one of two reviews: a rubber stamp or a week of comments. Neither helps. A pull request with two hundred lines gets read.',
      ),
      h2('Why small works'),
      ul([
        'Reviewers can hold the whole change in their head',
        'Problems are found while the author still remembers the code',
        'Reverting one small change is cheap and safe',
        'Work ships continuously instead of in anxious batches',
      ]),
      h2('How we got there'),
      p(
        'We did not make a rule. We made it easy: feature flags so unfinished work can be merged safely, a habit of splitting refactors from behaviour changes, and a shared expectation that a review happens within half a day.',
      ),
      p(
        'A typical change now looks like this: one commit that prepares the code, one that adds the new behaviour behind a flag, and a third, days later, that removes the flag.',
      ),
      {
        type: 'codeBlock',
        language: 'ts',
        value:
          "if (flags.enabled('new-checkout', user)) {\n  return renderCheckout(cart, { steps: 2 });\n}\nreturn renderLegacyCheckout(cart);",
      },
      p('Our median review time fell from two days to three hours. Nobody misses the big-bang merges.'),
    ],
  },
  {
    title: 'Colour systems that survive dark mode',
    slug: 'colour-systems-for-dark-mode',
    excerpt: 'Inverting a palette is not a dark theme. A practical way to build colour scales that work both ways.',
    category: 'Design',
    date: '2026-08-27',
    author: 'elina-koski',
    minutes: 6,
    body: [
      p(
        'The first dark theme most teams ship is an inverted light theme, and it usually looks wrong: shadows that glow, brand colours that vibrate, grey text that disappears.',
      ),
      h2('Think in steps, not colours'),
      p(
        'Instead of naming colours by what they look like, name them by what they do. A scale of twelve steps, from the page background to the strongest text, works in both modes: step one is always the background, step twelve always the most important text.',
      ),
      ul([
        'Steps 1–2: page and subtle backgrounds',
        'Steps 3–5: component backgrounds and hover states',
        'Steps 6–8: borders and separators',
        'Steps 9–10: solid colour, buttons',
        'Steps 11–12: text',
      ]),
      h2('Dark is not the opposite of light'),
      p(
        'In a dark theme, surfaces that are closer to the viewer get lighter, not darker. Saturated colours need to come down a little to stop them shimmering. And the solid brand colour can often stay exactly the same, which keeps the brand recognisable.',
      ),
      p(
        'Build both scales from the same base colour, check every text step for contrast in both modes, and most of the hard work is done.',
      ),
    ],
  },
  {
    title: 'How to run a design critique people enjoy',
    slug: 'design-critique-people-enjoy',
    excerpt: 'Critiques can be the best hour of the week or the worst. A simple format that keeps them kind and useful.',
    category: 'Craft',
    date: '2026-08-06',
    author: 'noor-haddad',
    minutes: 4,
    body: [
      p(
        'A good critique leaves the designer with clearer work and more energy. A bad one leaves them with a list of opinions and less of both. The difference is almost always the format, not the people.',
      ),
      h2('Our format'),
      ul([
        'The designer states the goal and what they want feedback on',
        'Everyone looks in silence for three minutes and writes notes',
        'Questions first, suggestions second',
        'The designer decides what to do with the feedback',
      ]),
      h2('Why it works'),
      p(
        'Stating the goal keeps comments tied to what the work is trying to do. Silent looking means the loudest person does not set the agenda. Questions before suggestions help people understand the choices before judging them.',
      ),
      p('And the last rule matters most: feedback is a gift, not an instruction. The person who made the work owns the next decision.'),
      h2('Small things that help'),
      p(
        'Keep critiques to an hour and to two or three pieces of work. Share the work a day before so people can look at it properly. Rotate who runs the session, so it never becomes one person’s stage. And end by asking the designer what they will try next: it turns a pile of comments into a plan.',
      ),
    ],
  },
  {
    title: 'Accessibility is a habit, not a checklist',
    slug: 'accessibility-is-a-habit',
    excerpt: 'Audits find problems. Habits prevent them. Five small practices that make accessible work the default.',
    category: 'Code',
    date: '2026-07-15',
    author: 'sam-whitfield',
    minutes: 5,
    body: [
      p(
        'An accessibility audit before launch is useful, and usually depressing. By then, fixing a confusing navigation or a form without labels means reworking finished screens.',
      ),
      h2('Five habits'),
      ul([
        'Use the keyboard for ten minutes every week on your own product',
        'Write alt text when you add the image, not later',
        'Check contrast when you choose colours, not when you ship',
        'Give every form field a visible label',
        'Test with a screen reader on one real task per sprint',
      ]),
      p('None of these takes long. Together they catch most problems while they are still cheap to fix.'),
      h2('Make it everyone’s job'),
      p(
        'When accessibility belongs to one specialist, it becomes a gate at the end. When it is a habit across design, writing and engineering, it becomes part of quality, like performance or security.',
      ),
      p(
        'It also changes the conversation. Instead of arguing about whether a fix is worth the effort late in a project, the team talks about how to do the thing well from the start, and the answer is usually cheaper than anyone expected.',
      ),
      p('Start with one habit this week. The keyboard one is the most humbling.'),
    ],
  },
];

const AUTHORS = [
  {
    slug: 'elina-koski',
    name: 'Elina Koski',
    role: 'Editor and designer',
    bio: 'Elina edits the Journal and designs interfaces for a living. She has strong opinions about line length and weak ones about coffee.',
  },
  {
    slug: 'sam-whitfield',
    name: 'Sam Whitfield',
    role: 'Software engineer',
    bio: 'Sam writes about building software that lasts. Fifteen years of shipping code, most of it still running somewhere.',
  },
  {
    slug: 'noor-haddad',
    name: 'Noor Haddad',
    role: 'Writer and researcher',
    bio: 'Noor writes about craft, teams and the habits that make good work possible. Previously a journalist.',
  },
];

export function posts(art: Art): Collection {
  return {
    id: 'posts',
    name: 'Posts',
    icon: 'bi:journal-text',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'excerpt', name: 'Excerpt', type: 'text' },
      { id: 'category', name: 'Category', type: 'enum', options: ['Code', 'Design', 'Craft'] },
      { id: 'date', name: 'Date', type: 'date' },
      { id: 'author', name: 'Author', type: 'reference', options: { collection: 'authors', field: 'slug' } },
      { id: 'minutes', name: 'Reading time', type: 'number' },
      { id: 'cover', name: 'Cover', type: 'image' },
      { id: 'body', name: 'Body', type: 'richtext' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: POSTS.map((post, i) => ({ _id: i + 1, ...post, cover: art(`post-${i + 1}.svg`), published: true })),
  };
}

export function authors(art: Art): Collection {
  return {
    id: 'authors',
    name: 'Authors',
    icon: 'bi:person-badge',
    fields: [
      { id: 'name', name: 'Name', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'role', name: 'Role', type: 'text' },
      { id: 'bio', name: 'Bio', type: 'text' },
      { id: 'photo', name: 'Portrait', type: 'image' },
    ],
    items: AUTHORS.map((a, i) => ({ _id: i + 1, ...a, photo: art(`author-${i + 1}.svg`) })),
  };
}
