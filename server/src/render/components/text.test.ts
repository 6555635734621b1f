import { describe, expect, it } from 'vitest';
import { renderSection } from '../index.js';
import { testDoc, testPage } from '../testing.js';

const heading = (value: string) =>
  renderSection(
    testDoc({
      pages: [testPage('home', { slug: '', sections: ['s'] })],
      nodes: {
        s: { id: 's', type: 'layout-v', data: {}, style: {}, children: ['s.h'] },
        's.h': { id: 's.h', type: 'heading', data: { value }, style: {}, children: [] },
      } as never,
    }),
    's',
    { mode: 'preview' } as never,
  ).html;

describe('a heading’s inline marks (spec 001 §5)', () => {
  it('keeps the clean markup the single-line rich input stores, as it keeps markdown marks', () => {
    expect(heading('Ship <strong>faster</strong> today')).toContain('>Ship <strong>faster</strong> today</h2>');
    expect(heading('Ship **faster** today')).toContain('>Ship <strong>faster</strong> today</h2>');
  });

  it('escapes what is not allowed in a heading, and plain text stays text', () => {
    expect(heading('a <i>b</i> <script>x</script>')).toContain('>a b </h2>');
    expect(heading('Fish & chips <3')).toContain('>Fish &amp; chips &lt;3</h2>');
  });
});
