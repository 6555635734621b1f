import { describe, expect, it } from 'vitest';
import { page } from '../../site/store/testing.ts';
import { newPageAddress, pageAddressOf } from './pageAddress.ts';

describe('page addresses', () => {
  it('is where a visitor finds the page: its slug, else its id; home at /, header and footer nowhere', () => {
    expect(pageAddressOf(page('home', [], { slug: '' }), 'en')).toBe('/');
    expect(pageAddressOf(page('about', [], { slug: 'about' }), 'en')).toBe('/about/');
    expect(pageAddressOf(page('about', [], { slug: { _loc: true, en: 'our-story', fi: 'tarinamme' } as never }), 'en')).toBe('/our-story/');
    expect(pageAddressOf(page('contact', [], { slug: '' }), 'en')).toBe('/contact/');
    expect(pageAddressOf(page('404', []), 'en')).toBe('/404.html');
    expect(pageAddressOf(page('_before', []), 'en')).toBeNull();
  });

  it('a new page gets the name as an address, normalised, and -2 when a page has it, naming that page', () => {
    const about = page('about', [], { name: 'About' });
    expect(newPageAddress('About us', [about])).toEqual({ address: 'about-us', takenBy: null });
    expect(newPageAddress('Äbout', [about])).toEqual({ address: 'about-2', takenBy: about });
    expect(newPageAddress('  ', [about])).toEqual({ address: '', takenBy: null });
  });
});
