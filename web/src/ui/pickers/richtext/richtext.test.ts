import { describe, expect, it } from 'vitest';
import {
  blocksToHtml,
  cleanInline,
  docToBlocks,
  globalVariables,
  HEADING_TAGS,
  inlineToHtml,
  inlineValue,
  isBlank,
  parseBlocks,
  plainPaste,
  safeHref,
  TEXT_TAGS,
  youtubeId,
  type DocNode,
} from './richtext.ts';

const text = (t: string, ...marks: (string | { type: string; attrs: Record<string, unknown> })[]): DocNode => ({
  type: 'text',
  text: t,
  marks: marks.map((m) => (typeof m === 'string' ? { type: m } : m)),
});

describe('rich text cleanup rules (spec 001 §5)', () => {
  it('disallowed tags removed, their text kept; scripts go with their content', () => {
    expect(cleanInline('<span style="color:red">Hi</span> <u>there</u>')).toBe('Hi there');
    expect(cleanInline('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('abc');
    expect(cleanInline('<img src=x onerror=alert(1)>ok')).toBe('ok');
  });

  it('only href kept, and only a safe one', () => {
    expect(cleanInline('<a href="https://x.org" onclick="evil()" class="c">x</a>')).toBe('<a href="https://x.org">x</a>');
    expect(cleanInline('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(cleanInline('<strong class="big" id="a">b</strong>')).toBe('<strong>b</strong>');
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref('/about')).toBe('/about');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('headings allow only a, strong and b', () => {
    expect(cleanInline('<b>B</b> <strong>S</strong> <i>I</i> <code>C</code> <a href="/x">A</a>', HEADING_TAGS)).toBe(
      '<b>B</b> <strong>S</strong> I C <a href="/x">A</a>',
    );
    const blocks = docToBlocks({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Big', 'bold'), text(' slanted', 'italic'), text(' code', 'code')] },
      ],
    });
    expect(blocks).toEqual([{ type: 'h2', value: '<strong>Big</strong> slanted code' }]);
  });

  it('paragraphs and list items also allow i and code', () => {
    expect(cleanInline('<i>I</i> <code>C</code> <em>E</em>', TEXT_TAGS)).toBe('<i>I</i> <code>C</code> E');
    const blocks = docToBlocks({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('a', 'italic'), text('b', 'code'), text('c', 'strike')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('one', 'italic')] }] }] },
      ],
    });
    expect(blocks).toEqual([
      { type: 'p', value: '<i>a</i><code>b</code>c' },
      { type: 'ul', value: ['<i>one</i>'] },
    ]);
  });

  it('inline formatting: **bold**, *italic*, `code`, [text](href)', () => {
    expect(inlineToHtml('**bold** *it* `x<y` [site](https://a.org)', TEXT_TAGS)).toBe(
      '<strong>bold</strong> <i>it</i> <code>x&lt;y</code> <a href="https://a.org">site</a>',
    );
  });

  it('single-line rich input: pasted text is plain', () => {
    expect(plainPaste('one\r\ntwo\n\n three')).toBe('one two three');
  });

  it('blank richtext is ignored', () => {
    expect(isBlank([])).toBe(true);
    expect(
      isBlank([
        { type: 'p', value: '  ' },
        { type: 'p', value: '<strong></strong>' },
        { type: 'ul', value: [''] },
      ]),
    ).toBe(true);
    expect(isBlank([{ type: 'p', value: 'x' }])).toBe(false);
    expect(docToBlocks({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph', content: [text('  ')] }] })).toEqual([]);
  });

  it('a YouTube block with empty video id is removed (spec 001 §4)', () => {
    const blocks = docToBlocks({
      type: 'doc',
      content: [
        { type: 'youtube', attrs: { videoId: '', width: 560, height: 315 } },
        { type: 'youtube', attrs: { videoId: 'https://youtu.be/dQw4w9WgXcQ', width: 640, height: 360 } },
      ],
    });
    expect(blocks).toEqual([{ type: 'youtube', value: 'dQw4w9WgXcQ', width: 640, height: 360 }]);
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('not a video')).toBe('');
  });
});

describe('rich text blocks (spec 001 §3)', () => {
  it('reads block lists, their JSON, and plain text as paragraphs', () => {
    expect(parseBlocks('[{"type":"p","value":"x"}]')).toEqual([{ type: 'p', value: 'x' }]);
    expect(parseBlocks('one\n\ntwo')).toEqual([
      { type: 'p', value: 'one' },
      { type: 'p', value: 'two' },
    ]);
    expect(parseBlocks([{ type: 'p' }, null, 3, { value: 'no type' }])).toEqual([{ type: 'p' }]);
  });

  it('loads every block type into the editor as clean HTML', () => {
    const html = blocksToHtml([
      { type: 'h1', value: 'T<script>x</script>' },
      { type: 'ol', value: ['a', 'b'] },
      { type: 'img', value: 'photo.jpg', alt: 'A "photo"', figcaption: 'Cap', width: 'full', align: 'center' },
      { type: 'codeBlock', value: '<b>', language: 'html' },
      { type: 'youtube', value: 'dQw4w9WgXcQ', width: 640, height: 360 },
      { type: 'table', header: true, td: [['H'], ['c']] },
    ]);
    expect(html).toBe(
      '<h1>T</h1><ol><li><p>a</p></li><li><p>b</p></li></ol>' +
        '<img src="photo.jpg" alt="A &quot;photo&quot;" data-figcaption="Cap" data-width="full" data-align="center">' +
        '<pre><code class="language-html">&lt;b&gt;</code></pre>' +
        '<div data-youtube="dQw4w9WgXcQ" data-width="640" data-height="360"></div>' +
        '<table><tbody><tr><th><p>H</p></th></tr><tr><td><p>c</p></td></tr></tbody></table>',
    );
  });

  it('stores images with alt, caption, width and align; tables with header and rows; links with href', () => {
    const blocks = docToBlocks({
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: 'a.jpg', alt: 'Alt', figcaption: 'Cap', width: 'full', align: 'bogus' } },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [{ type: 'paragraph', content: [text('Name')] }] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph', content: [text('Ann', 'bold')] }] }] },
          ],
        },
        {
          type: 'paragraph',
          content: [
            text('site', { type: 'link', attrs: { href: 'https://a.org', target: '_blank' } }),
            text(' x', { type: 'link', attrs: { href: 'javascript:1' } }),
          ],
        },
      ],
    });
    expect(blocks).toEqual([
      { type: 'img', value: 'a.jpg', alt: 'Alt', figcaption: 'Cap', width: 'full', align: 'auto' },
      { type: 'table', header: true, td: [['Name'], ['<strong>Ann</strong>']] },
      { type: 'p', value: '<a href="https://a.org">site</a> x' },
    ]);
  });

  it('offers legal variables only with the legal feature', () => {
    expect(globalVariables(false).map((g) => g.group)).toEqual(['site', 'meta']);
    expect(globalVariables(true).map((g) => g.group)).toEqual(['site', 'meta', 'legal']);
  });
});

describe('what the single-line rich input stores', () => {
  it('keeps text without marks exactly as typed: ampersands, quotes and capitals unescaped', () => {
    expect(inlineValue([text('Fish & "Chips" daily')], HEADING_TAGS)).toBe('Fish & "Chips" daily');
    expect(inlineValue([text('Ship '), text('faster', 'bold'), text(' & more')], HEADING_TAGS)).toBe(
      'Ship <strong>faster</strong> &amp; more',
    );
  });

  it('stores typed markup as escaped HTML so it shows as typed, not as a tag', () => {
    expect(inlineValue([text('Use <b> for bold')], HEADING_TAGS)).toBe('Use &lt;b&gt; for bold');
    expect(inlineValue([text('a < b')], HEADING_TAGS)).toBe('a < b');
  });
});
