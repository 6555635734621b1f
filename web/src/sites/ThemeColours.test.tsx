import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeColours } from './ThemeColours.tsx';

describe('the theme colours of a new site', () => {
  it('are a primary and a secondary colour input, each labelled with its hex value', () => {
    const html = renderToStaticMarkup(
      <ThemeColours primary="#3e64de" secondary="#10a6e9" onPrimary={() => undefined} onSecondary={() => undefined} />,
    );
    expect(html).toContain('<legend class="mb-2 text-sm font-medium text-gray-800">Theme colours</legend>');
    expect([...html.matchAll(/<input type="color"[^>]* value="([^"]+)"/g)].map((m) => m[1])).toEqual(['#3e64de', '#10a6e9']);
    expect(html).toMatch(/Primary<\/span><span class="[^"]*uppercase">#3e64de/);
    expect(html).toMatch(/Secondary<\/span><span class="[^"]*uppercase">#10a6e9/);
  });
});
