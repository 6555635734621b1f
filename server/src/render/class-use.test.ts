import { describe, expect, it } from 'vitest';
import { ClassUse } from './class-use.js';

describe('the classes the pages use', () => {
  it('have changed when counted from nothing', () => {
    const use = new ClassUse();
    expect(use.changed).toBe(true);
    use.count(['p-4', 'text-lg'], 1);
    expect([...use.counts]).toEqual([
      ['p-4', 1],
      ['text-lg', 1],
    ]);
  });

  it('have not changed while every class is still used by some page', () => {
    const use = new ClassUse(new Map([['p-4', 2]]));
    use.count(['p-4'], -1);
    use.count(['p-4'], 1);
    expect(use.changed).toBe(false);
    expect(use.counts.get('p-4')).toBe(2);
  });

  it('have changed when a class appears', () => {
    const use = new ClassUse(new Map([['p-4', 1]]));
    use.count(['m-2'], 1);
    expect(use.changed).toBe(true);
  });

  it('have changed when the last page using a class lets it go', () => {
    const use = new ClassUse(new Map([['p-4', 1]]));
    use.count(['p-4'], -1);
    expect(use.changed).toBe(true);
    expect(use.counts.has('p-4')).toBe(false);
  });
});
