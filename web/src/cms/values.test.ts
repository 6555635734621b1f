import { describe, expect, it } from 'vitest';
import {
  canMakePage,
  nameField,
  slugOf,
  cellText,
  colorForPicker,
  colorFromPicker,
  itemCount,
  missingTranslation,
  startingValues,
  type Field,
} from './values.ts';

const title: Field = { id: 'title', name: 'Title', type: 'text', localizable: true };

describe('missing translation flag', () => {
  it('flags a localizable value that lacks the language shown, never the main language of a one-language value', () => {
    const langs = ['en', 'fi'];
    expect(missingTranslation(title, { _loc: true, en: 'Hi' }, 'fi', langs)).toBe(true);
    expect(missingTranslation(title, { _loc: true, en: 'Hi', fi: 'Moi' }, 'fi', langs)).toBe(false);
    expect(missingTranslation(title, 'Hi', 'en', langs)).toBe(false);
    expect(missingTranslation(title, 'Hi', 'fi', langs)).toBe(true);
    expect(missingTranslation(title, '', 'fi', langs)).toBe(false);
    expect(missingTranslation({ ...title, localizable: false }, 'Hi', 'fi', langs)).toBe(false);
    expect(missingTranslation(title, 'Hi', 'fi', ['en'])).toBe(false);
  });

  it('never flags a picture or a file: it shows in every language until one is given its own', () => {
    const cover: Field = { id: 'cover', name: 'Cover', type: 'image', localizable: true };
    expect(missingTranslation(cover, 'cover.jpg', 'fi', ['en', 'fi'])).toBe(false);
    expect(missingTranslation({ ...cover, type: 'file' }, { _loc: true, en: 'menu.pdf' }, 'fi', ['en', 'fi'])).toBe(false);
  });
});

describe('cells and counts', () => {
  it('shows a localized value in the language, falling back to the main one; lists joined; markup as text', () => {
    expect(cellText({ _loc: true, en: 'Hi', fi: 'Moi' }, 'fi', 'en')).toBe('Moi');
    expect(cellText({ _loc: true, en: 'Hi' }, 'fi', 'en')).toBe('Hi');
    expect(cellText(['a', 'b'], 'en', 'en')).toBe('a, b');
    expect(cellText('<p>Hello <b>you</b></p>', 'en', 'en')).toBe('Hello you');
    expect(
      cellText(
        [
          { type: 'h2', value: 'Title' },
          { type: 'p', value: 'Some <b>text</b>' },
        ],
        'en',
        'en',
      ),
    ).toBe('Title, Some text');
    expect(itemCount(0)).toBe('0 items');
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(50000)).toBe('50,000 items');
  });

  it('offers a collection page only with a slug field and no page using the collection', () => {
    const c = { id: 'posts', name: 'Posts', icon: 'book', internal: false, count: 0, fields: [{ id: 'slug', name: 'Slug', type: 'slug' }] };
    expect(canMakePage(c, [])).toBe(true);
    expect(canMakePage(c, [{ content: 'posts' }])).toBe(false);
    expect(canMakePage({ ...c, fields: [] }, [])).toBe(false);
  });
});

describe('a new item’s starting values', () => {
  const category: Field = { id: 'category', name: 'Category', type: 'enum', options: ['News', 'Guides', 'Stories'] };
  it('starts an enum from the last item’s value, else its default, else its first category; published on; defaults kept', () => {
    const fields: Field[] = [
      category,
      { id: 'published', name: 'Published', type: 'published' },
      { id: 'note', name: 'Note', type: 'text', default: 'Hi' },
    ];
    expect(Object.fromEntries(startingValues(fields, { _id: 3, category: 'Stories' }))).toEqual({
      category: 'Stories',
      published: true,
      note: 'Hi',
    });
    expect(startingValues([{ ...category, default: 'Guides' }], { _id: 3, category: 'Gone' }).get('category')).toBe('Guides');
    expect(startingValues([category], undefined).get('category')).toBe('News');
  });
});

describe('colour values (a theme shade, or hex, plus opacity)', () => {
  it('keep hex plain in the item and bracketed in the picker, with the opacity', () => {
    expect(colorForPicker('#1e40af')).toBe('[#1e40af]');
    expect(colorForPicker('#1e40af/80')).toBe('[#1e40af]/80');
    expect(colorFromPicker('[#1e40af]/80')).toBe('#1e40af/80');
    expect(colorFromPicker('[#1e40af]')).toBe('#1e40af');
  });

  it('leave theme shades and anything else as they are', () => {
    expect(colorForPicker('primary-l5/50')).toBe('primary-l5/50');
    expect(colorFromPicker('primary-l5')).toBe('primary-l5');
    expect(colorForPicker('red')).toBe('red');
  });
});

describe('slugs made from names', () => {
  it('lowercase, fold ä and ö, and turn spaces, slashes, colons and dots into single hyphens', () => {
    expect(slugOf('Kaalikääryleet ja Pöytä')).toBe('kaalikaaryleet-ja-poyta');
    expect(slugOf('  Rye / Sourdough: 2.0  ')).toBe('rye-sourdough-2-0');
    expect(slugOf('<b>Crème</b> brûlée!')).toBe('creme-brulee');
  });

  it('come from the field an item is named by: name, title… else the first text field', () => {
    const f = (id: string, type = 'text') => ({ id, name: id, type });
    expect(nameField([f('slug', 'slug'), f('excerpt'), f('title')])?.id).toBe('title');
    expect(nameField([f('count', 'number'), f('excerpt')])?.id).toBe('excerpt');
    expect(nameField([f('count', 'number')])).toBeUndefined();
  });
});
