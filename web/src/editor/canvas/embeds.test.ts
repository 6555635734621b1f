import { describe, expect, it } from 'vitest';
import { canvasEmbeds, embedOrigin } from './embeds.ts';
import { frameCsp } from './frameDocument.ts';

const APP = 'https://app.example.com';

describe('embeds in the canvas', () => {
  it('load from their own origin, which the frame’s policy names', () => {
    const html =
      '<body><iframe class="w-full" src="https://www.youtube-nocookie.com/embed/abc?autoplay=1&amp;rel=0" title="YouTube video" width="560" height="315"></iframe>' +
      '<iframe src="https://maps.google.com/maps?q=Helsinki&amp;z=14&amp;output=embed" title="Map: Helsinki"></iframe>' +
      '<iframe src="https://player.vimeo.com/video/1" title="Vimeo"></iframe></body>';
    const shown = canvasEmbeds(html, APP);
    expect(shown.html).toBe(html);
    expect(shown.origins).toEqual(['https://maps.google.com', 'https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
    expect(frameCsp('sha256-x', APP, shown.origins)).toContain(
      'frame-src https://maps.google.com https://player.vimeo.com https://www.youtube-nocookie.com;',
    );
    expect(frameCsp('sha256-x', APP, [])).toContain("frame-src 'none'");
  });

  it('a host that must stay blocked shows a labelled placeholder the embed’s size instead', () => {
    const html = '<iframe src="http://intranet.local/page" title="Intranet" width="600" height="400" class="w-full"></iframe>';
    const shown = canvasEmbeds(html, APP);
    expect(shown.origins).toEqual([]);
    // The frame keeps its attributes (its size), and its srcdoc, which comes before src, says why.
    expect(shown.html).toMatch(
      /^<iframe src="http:\/\/intranet\.local\/page" title="Intranet" width="600" height="400" class="w-full" srcdoc="[^"]+"><\/iframe>$/,
    );
    expect(shown.html).toContain('Embedded content from intranet.local shows on the published site, not in the editor.');
    // Plain http is fine for an editor served over plain http (a LAN address).
    expect(canvasEmbeds(html, 'http://192.168.1.10:3000').origins).toEqual(['http://intranet.local']);
  });

  it('blocks the editor’s own origin and addresses that are not http(s)', () => {
    expect(embedOrigin('https://app.example.com/sites', APP)).toEqual({ blocked: 'app.example.com' });
    expect(embedOrigin('/api/x', APP)).toEqual({ blocked: 'app.example.com' });
    expect(embedOrigin('ftp://files.example.com/a', APP)).toEqual({ blocked: 'ftp' });
    expect(embedOrigin('https://www.youtube.com/embed/x', APP)).toEqual({ origin: 'https://www.youtube.com' });
  });

  it('a label is text: a host cannot write markup into the placeholder', () => {
    const shown = canvasEmbeds('<iframe src="ftp://x&lt;b&gt;/" title="x"></iframe>', APP);
    expect(shown.html).not.toContain('<b>');
  });
});
