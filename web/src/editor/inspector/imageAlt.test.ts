import { describe, expect, it } from 'vitest';
import { ALT_CLEARED, imageChange } from './imageAlt.ts';

describe('changing an image', () => {
  it('clears the old alt text and says so, since it described the old picture', () => {
    const { patch, told } = imageChange({ value: 'bread.webp', alt: 'A loaf of bread' }, 'value', 'croissant.webp');
    expect(Object.fromEntries(patch)).toEqual({ value: 'croissant.webp', alt: null });
    expect(told).toBe(ALT_CLEARED);
  });

  it("takes the new image's own alt text when it carries one", () => {
    const { patch, told } = imageChange({ value: 'bread.webp', alt: 'A loaf' }, 'value', { src: 'cake.webp', alt: 'A cake' });
    expect(Object.fromEntries(patch)).toEqual({ value: { src: 'cake.webp', alt: 'A cake' }, alt: 'A cake' });
    expect(told).toBeNull();
  });

  it('leaves the alt text alone when the image is the same, had none, or another setting changes', () => {
    expect(Object.fromEntries(imageChange({ value: 'a.webp', alt: 'A' }, 'value', 'a.webp').patch)).toEqual({ value: 'a.webp' });
    expect(Object.fromEntries(imageChange({ value: 'a.webp' }, 'value', 'b.webp').patch)).toEqual({ value: 'b.webp' });
    expect(Object.fromEntries(imageChange({ value: 'a.webp', alt: 'A' }, 'fallback', 'b.webp').patch)).toEqual({ fallback: 'b.webp' });
  });
});
