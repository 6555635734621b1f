// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { typedText } from './editing.ts';

const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
};

describe('text typed in place', () => {
  it('is read as typed, not as the page styles it (an uppercase heading keeps its small letters)', () => {
    expect(typedText(element('<h1 style="text-transform: uppercase">Fresh bread daily</h1>'))).toBe('Fresh bread daily');
  });

  it('keeps line breaks, whether the browser writes them as <br> or as blocks, without a trailing one', () => {
    expect(typedText(element('<p>One<br>Two<br></p>'))).toBe('One\nTwo');
    expect(typedText(element('<div>One<div>Two</div></div>'))).toBe('One\nTwo');
  });
});
