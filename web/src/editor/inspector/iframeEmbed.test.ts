import { describe, expect, it } from 'vitest';
import { iframeEmbed } from './iframeEmbed.ts';

describe('embed code pasted into an iframe address', () => {
  it('keeps the src and fills the rows the tag names', () => {
    const code =
      '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=a&amp;start=5" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>';
    expect(Object.fromEntries(iframeEmbed(code)!)).toEqual({
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=a&start=5',
      title: 'YouTube video player',
      width: '560',
      height: '315',
      allow: 'accelerometer; autoplay',
      referrerpolicy: 'strict-origin-when-cross-origin',
      allowfullscreen: true,
    });
  });

  it('takes single-quoted and bare attributes, and leaves an address or a tag without src alone', () => {
    expect(Object.fromEntries(iframeEmbed("  <iframe src='https://maps.example/embed?q=1' loading=lazy></iframe>")!)).toEqual({
      src: 'https://maps.example/embed?q=1',
      loading: 'lazy',
    });
    expect(iframeEmbed('https://maps.example/embed')).toBeNull();
    expect(iframeEmbed('<iframe title="x"></iframe>')).toBeNull();
  });
});
