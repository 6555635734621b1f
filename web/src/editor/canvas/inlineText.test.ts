import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Node } from '../../site/store/document.ts';
import { createTextBurst, inlineEditOf, instantTextOf } from './inlineText.ts';

const node = (type: string, data: Record<string, unknown>, extra: Partial<Node> = {}): Node =>
  ({ id: 'hero.title', type, data, style: {}, children: [], ...extra }) as Node;

describe('what can be typed in place', () => {
  it('edits the text of headings, paragraphs, texts, buttons, links and labels', () => {
    expect(inlineEditOf(node('heading', { value: 'Fresh bread' }), 'en')).toEqual({ text: 'Fresh bread', singleLine: true });
    expect(inlineEditOf(node('paragraph', { value: 'Line one' }), 'en')).toEqual({ text: 'Line one', singleLine: false });
    for (const type of ['text', 'button', 'link', 'label']) expect(inlineEditOf(node(type, { value: 'x' }), 'en')?.singleLine).toBe(true);
  });

  it('edits the current language of a localized text, empty when it has none yet', () => {
    const value = { _loc: true, en: 'Hello', fi: 'Hei' };
    expect(inlineEditOf(node('heading', { value }), 'fi')?.text).toBe('Hei');
    expect(inlineEditOf(node('heading', { value }), 'sv')?.text).toBe('');
    expect(inlineEditOf(node('heading', {}), 'en')?.text).toBe('');
  });

  it('does not edit other types, aliases or values that are not text', () => {
    expect(inlineEditOf(node('image', { value: 'a.png' }), 'en')).toBeNull();
    expect(inlineEditOf(node('richtext', { value: [] }), 'en')).toBeNull();
    expect(inlineEditOf(node('heading', { value: 'x' }, { alias: 'other.title' }), 'en')).toBeNull();
    expect(inlineEditOf(node('heading', { value: ['x'] }), 'en')).toBeNull();
    expect(inlineEditOf(undefined, 'en')).toBeNull();
  });
});

describe('a text that shows on the canvas before its answer', () => {
  const paragraph = (data: Record<string, unknown> = {}) =>
    ({ id: 'p', type: 'paragraph', data: { value: 'Old', ...data }, style: {}, children: [] }) as unknown as Node;
  const value = (v: unknown) => new Map([['value', v]]);

  it('is plain words typed into a text component’s value', () => {
    expect(instantTextOf(paragraph(), value('Bread at dawn'), 'en')).toBe('Bread at dawn');
    expect(instantTextOf(paragraph(), value({ _loc: true, en: 'Leipää', fi: 'Leipää' }), 'fi')).toBe('Leipää');
  });

  it('is not what the renderer shows otherwise: marks, variables, links, line breaks, formats, a shortened text, other keys', () => {
    for (const text of ['**Bold**', 'Hi {site.name}', 'See https://x.fi', 'a@b.fi', 'Two\nlines', '<b>x</b>', ''])
      expect(instantTextOf(paragraph(), value(text), 'en')).toBeNull();
    expect(instantTextOf(paragraph({ magicLinks: true }), value('Plain'), 'en')).toBeNull();
    expect(instantTextOf(paragraph({ maxCharacters: 3 }), value('Plain'), 'en')).toBeNull();
    expect(instantTextOf(paragraph(), new Map([['fallback', 'Plain']]), 'en')).toBeNull();
    expect(instantTextOf({ ...paragraph(), type: 'image' } as unknown as Node, value('Plain'), 'en')).toBeNull();
  });
});

describe('bursts of typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 400 ms after the last keystroke', async () => {
    const save = vi.fn(async () => undefined);
    const burst = createTextBurst(save);
    burst.begin('a', 'Hi');
    for (const text of ['Hi ', 'Hi t', 'Hi th', 'Hi there']) {
      burst.input('a', text);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('a', 'Hi there');
  });

  it('saves at once on flush, and not again for the same text', async () => {
    const save = vi.fn(async () => undefined);
    const burst = createTextBurst(save);
    burst.begin('a', 'Hi');
    burst.input('a', 'Hello');
    expect(burst.waiting()).toBe(true);
    await burst.flush();
    expect(save).toHaveBeenCalledWith('a', 'Hello');
    burst.input('a', 'Hello');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves nothing when the text is typed back to what it was', async () => {
    const save = vi.fn(async () => undefined);
    const burst = createTextBurst(save);
    burst.begin('a', 'Hi');
    burst.input('a', 'Hix');
    burst.input('a', 'Hi');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).not.toHaveBeenCalled();
  });

  it('ends the burst of one component when another is typed into, and saves in order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const save = vi.fn((id: string, text: string) => {
      order.push(`start ${id}=${text}`);
      return id === 'a' ? new Promise<void>((resolve) => (release = () => (order.push('end a'), resolve()))) : Promise.resolve();
    });
    const burst = createTextBurst(save);
    burst.input('a', 'one');
    burst.input('b', 'two');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start a=one']);
    await vi.advanceTimersByTimeAsync(400);
    expect(order).toEqual(['start a=one']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start a=one', 'end a', 'start b=two']);
  });

  it('keeps saving after a save fails', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const burst = createTextBurst(save);
    burst.input('a', 'one');
    await burst.flush();
    burst.input('a', 'two');
    await burst.flush();
    expect(save).toHaveBeenLastCalledWith('a', 'two');
  });
});
