import { describe, expect, it } from 'vitest';
import { REVEAL_GAP, revealDelta } from './reveal.ts';

describe('revealing a selected component', () => {
  it('does not move one already in view below the header', () => {
    expect(revealDelta({ top: 100, bottom: 300 }, 64, 800)).toBe(0);
  });

  it('brings one under the sticky header down below it', () => {
    expect(revealDelta({ top: 20, bottom: 200 }, 64, 800)).toBe(20 - 64 - REVEAL_GAP);
    expect(revealDelta({ top: -500, bottom: -300 }, 64, 800)).toBe(-500 - 64 - REVEAL_GAP);
  });

  it('brings one below the window up to its bottom edge, or its top below the header when it is taller than the room', () => {
    expect(revealDelta({ top: 900, bottom: 1000 }, 64, 800)).toBe(1000 - (800 - REVEAL_GAP));
    expect(revealDelta({ top: 900, bottom: 2000 }, 64, 800)).toBe(900 - 64 - REVEAL_GAP);
  });
});
