import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListAnswers } from '../../server/src/cms/list-answers.js';

// Issue 32: the list calls' answers kept by their collection's revision (server/src/cms/list-answers.ts,
// decision 0102). Whatever the sequence of lists, an answer is only ever given back for the same
// collection, state and query it was made for, with the same content, and what is kept stays within
// the budget.

const step = fc.record({
  collection: fc.constantFrom('site-a\u0000posts', 'site-a\u0000notes', 'site-b\u0000posts'),
  state: fc.constantFrom('r1', 'r2', 'r3'),
  query: fc.constantFrom('{}', '{"sort":"title"}', '{"offset":"100"}', '{"search":"tea"}'),
  size: fc.integer({ min: 0, max: 3_000 }),
});

describe('kept list answers', () => {
  it('answer only what was made for the same collection, state and query, within the budget', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const answers = new ListAnswers(40_000, 3);
        // What a list would make at each (collection, state, query): its value is a function of them.
        const made = (s: (typeof steps)[number]) => ({ of: `${s.collection}|${s.state}|${s.query}`, pad: 'x'.repeat(s.size) });
        const latest = new Map<string, string>();
        for (const s of steps) {
          const hit = answers.get(s.collection, s.state, s.query);
          if (hit) {
            const value = JSON.parse(hit.text) as { of: string; pad: string };
            expect(value.of).toBe(`${s.collection}|${s.state}|${s.query}`);
            // Never an answer of a state the collection has left since.
            expect(latest.get(s.collection)).toBe(s.state);
          } else answers.keep(s.collection, s.state, s.query, { ...made(s), pad: 'x'.repeat(s.size) });
          latest.set(s.collection, s.state);
          expect(answers.size).toBeLessThanOrEqual(3 * 3);
          expect(answers.bytes).toBeLessThanOrEqual(40_000);
        }
      }),
    );
  });

  it('keep an answer sent again with its compressed forms, and leave out one too large to keep', () => {
    const answers = new ListAnswers(8_000, 4);
    const kept = answers.keep('s\u0000posts', 'r1', '{}', { items: [1, 2, 3] });
    kept.bodies!.set('gzip', Buffer.from('compressed once'));
    expect(answers.get('s\u0000posts', 'r1', '{}')).toBe(kept);
    expect(answers.get('s\u0000posts', 'r1', '{}')!.bodies!.get('gzip')!.toString()).toBe('compressed once');
    const large = answers.keep('s\u0000posts', 'r1', '{"limit":"100"}', { pad: 'x'.repeat(2_000) });
    expect(large.text).toContain('x'.repeat(2_000));
    expect(answers.get('s\u0000posts', 'r1', '{"limit":"100"}')).toBeUndefined();
    // A new revision: nothing of the old one is answered.
    expect(answers.get('s\u0000posts', 'r2', '{}')).toBeUndefined();
    expect(answers.get('s\u0000posts', 'r1', '{}')).toBeUndefined();
    expect(answers.size).toBe(0);
  });
});
