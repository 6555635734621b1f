import { describe, expect, it } from 'vitest';
import { readAddSection } from './message.ts';

// Stand-ins for window objects: only their identity matters.
const frame = {} as MessageEventSource;
const other = {} as MessageEventSource;
const designs = new Set(['hero-split', 'cta-banner']);

describe('section previews messages', () => {
  it('takes editor.sections.add naming a design of the library from the frame', () => {
    expect(readAddSection({ source: frame, data: { type: 'editor.sections.add', templateId: 'hero-split' } }, frame, designs)).toEqual({
      type: 'editor.sections.add',
      templateId: 'hero-split',
    });
  });

  it('ignores a message from any other window, or before the frame exists', () => {
    const data = { type: 'editor.sections.add', templateId: 'hero-split' };
    expect(readAddSection({ source: other, data }, frame, designs)).toBeNull();
    expect(readAddSection({ source: null, data }, frame, designs)).toBeNull();
    expect(readAddSection({ source: frame, data }, null, designs)).toBeNull();
  });

  it('ignores other types, unknown designs and malformed data', () => {
    const read = (data: unknown) => readAddSection({ source: frame, data }, frame, designs);
    expect(read({ type: 'editor.sections.remove', templateId: 'hero-split' })).toBeNull();
    expect(read({ type: 'editor.sections.add', templateId: 'not-a-design' })).toBeNull();
    expect(read({ type: 'editor.sections.add', templateId: 42 })).toBeNull();
    expect(read({ type: 'editor.sections.add' })).toBeNull();
    expect(read({ type: 'editor.sections.add', templateId: '__proto__' })).toBeNull();
    expect(read('editor.sections.add')).toBeNull();
    expect(read(null)).toBeNull();
    expect(read([{ type: 'editor.sections.add', templateId: 'hero-split' }])).toBeNull();
  });
});
