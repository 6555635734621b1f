import { describe, expect, it } from 'vitest';
import { completionTone } from './completion.ts';

describe('completion bar colours (spec 002 §2, §9: 0.4, 0.7, 0.9)', () => {
  it.each([
    [0, 'red'],
    [39, 'red'],
    [40, 'orange'],
    [69, 'orange'],
    [70, 'yellow'],
    [89, 'yellow'],
    [90, 'green'],
    [100, 'green'],
  ] as const)('%i %% is %s', (percent, tone) => {
    expect(completionTone(percent)).toBe(tone);
  });
});
