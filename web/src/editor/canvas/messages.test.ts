import { describe, expect, it } from 'vitest';
import { LIMITS, parseBridgeMessage, parseParentMessage, type BridgeMessage, type ParentMessage } from './messages.ts';

const TOKEN = 'a1b2c3';
const rect = { x: 10, y: -20.5, width: 300, height: 48 };
const key = { key: 'd', metaKey: true, ctrlKey: false, shiftKey: false, altKey: false };

describe('messages from the bridge', () => {
  const valid: BridgeMessage[] = [
    { type: 'ready' },
    { type: 'hover', id: 'hero.title', boxes: [{ id: 'hero.title', rects: [rect] }] },
    { type: 'hover', id: null, boxes: [] },
    {
      type: 'click',
      id: 'hero.title',
      boxes: [
        { id: 'hero.title', rects: [rect] },
        { id: 'hero', rects: [] },
      ],
    },
    { type: 'click', id: null, boxes: [] },
    { type: 'dblclick', id: 'hero.title' },
    { type: 'boxes', boxes: [{ id: 'hero', rects: [rect, rect] }], scroll: { x: 0, y: 640 } },
    { type: 'input', id: 'hero.title', text: 'Fresh bread\ndaily' },
    { type: 'editEnd', id: 'hero.title', text: '' },
    { type: 'key', key },
    { type: 'alt', down: true },
    { type: 'alt', down: false },
    { type: 'stale' },
  ];

  it('reads every message the bridge sends, with its token', () => {
    for (const message of valid) expect(parseBridgeMessage({ ...message, token: TOKEN }, TOKEN)).toEqual(message);
  });

  it('drops a message without this document’s token', () => {
    for (const message of valid) {
      expect(parseBridgeMessage(message, TOKEN)).toBeNull();
      expect(parseBridgeMessage({ ...message, token: 'other' }, TOKEN)).toBeNull();
      expect(parseBridgeMessage({ ...message, token: '' }, '')).toBeNull();
    }
  });

  it('drops what is not a bridge message', () => {
    for (const data of [null, undefined, 'ready', 42, [], { token: TOKEN }, { type: 'patch', html: '<p>', token: TOKEN }])
      expect(parseBridgeMessage(data, TOKEN)).toBeNull();
  });

  it('drops malformed fields', () => {
    const bad = [
      { type: 'hover', id: 'x', boxes: 'no' },
      { type: 'hover', id: 7, boxes: [] },
      { type: 'click', id: '', boxes: [] },
      { type: 'click', id: 'x', boxes: [{ id: 'x', rects: [{ x: 0, y: 0, width: -1, height: 1 }] }] },
      { type: 'boxes', boxes: [{ id: 'x', rects: [{ x: Number.NaN, y: 0, width: 1, height: 1 }] }], scroll: { x: 0, y: 0 } },
      { type: 'boxes', boxes: [], scroll: { x: 0 } },
      { type: 'boxes', boxes: [{ id: 'x' }], scroll: { x: 0, y: 0 } },
      { type: 'dblclick', id: null },
      { type: 'input', id: 'x', text: 5 },
      { type: 'input', id: 'x'.repeat(LIMITS.id + 1), text: 'a' },
      { type: 'editEnd', id: 'x', text: 'a'.repeat(LIMITS.text + 1) },
      { type: 'key', key: { ...key, key: '' } },
      { type: 'key', key: { ...key, shiftKey: 'yes' } },
      { type: 'alt', down: 'yes' },
      { type: 'alt' },
      { type: 'key', key: 'd' },
    ];
    for (const message of bad) expect(parseBridgeMessage({ ...message, token: TOKEN }, TOKEN), JSON.stringify(message)).toBeNull();
  });

  it('refuses oversized box lists', () => {
    const many = Array.from({ length: LIMITS.boxes + 1 }, (_, i) => ({ id: `s${i}`, rects: [] }));
    expect(parseBridgeMessage({ type: 'boxes', boxes: many, scroll: { x: 0, y: 0 }, token: TOKEN }, TOKEN)).toBeNull();
    const rects = Array.from({ length: LIMITS.rects + 1 }, () => rect);
    expect(parseBridgeMessage({ type: 'hover', id: 'x', boxes: [{ id: 'x', rects }], token: TOKEN }, TOKEN)).toBeNull();
  });

  it('keeps only the fields it knows', () => {
    const parsed = parseBridgeMessage({ type: 'dblclick', id: 'a', token: TOKEN, extra: { __proto__: { polluted: true } } }, TOKEN);
    expect(parsed).toEqual({ type: 'dblclick', id: 'a' });
  });
});

describe('messages from the editor', () => {
  const valid: ParentMessage[] = [
    { type: 'init', keys: ['Backspace', 'Mod+d', 'Mod+Shift+d'], scroll: null },
    { type: 'init', keys: [], scroll: { x: 0, y: 300 } },
    { type: 'patch', html: '<!doctype html><html><body></body></html>' },
    { type: 'track', ids: ['hero', 'hero.title'] },
    { type: 'track', ids: [] },
    { type: 'edit', id: 'hero.title', text: 'Fresh **bread**', singleLine: true },
    { type: 'endEdit' },
    { type: 'reveal', id: 'hero' },
    { type: 'classes', key: 1, id: 'hero.title', remove: ['opacity-50'], add: ['opacity-35', 'md:hover:bg-primary-l3'] },
    { type: 'classes', key: 2, id: 'hero', remove: [], add: [] },
    { type: 'settle', key: 1, revert: false },
    { type: 'settle', key: 2, revert: true },
    { type: 'css', css: '@layer utilities { .opacity-35 { opacity: 35%; } }' },
    { type: 'text', key: 3, id: 'hero.title', text: 'Bread at dawn' },
    { type: 'hide', key: 4, id: 'hero.title' },
    { type: 'move', key: 5, id: 'hero.title', at: { into: 'hero.row', index: 2 } },
    { type: 'move', key: 6, id: 'about', at: { before: 'hero' } },
    { type: 'insert', key: 7, copy: 'hero.title', label: '', at: { after: 'hero.title' } },
    { type: 'insert', key: 8, copy: null, label: 'Heading', at: { into: 'hero.row', index: null } },
    {
      type: 'fragment',
      parts: [{ id: 'hero.title', html: '<h1 data-pw-id="hero.title" class="opacity-35">Bread</h1>' }],
      css: {
        classes: [{ name: 'md:opacity-35', after: 'md:flex', rules: ['.md\\:opacity-35 { @media (width >= 48rem) { opacity: 35%; } }'] }],
        theme: [{ name: '--color-primary-l3', value: '#c9d6ff' }],
        global: ['@property --tw-shadow { syntax: "*"; inherits: false; initial-value: 0 0 #0000; }'],
      },
    },
    { type: 'fragment', parts: [], css: { classes: [], theme: [], global: [] } },
  ];

  it('reads every message the editor sends', () => {
    for (const message of valid) expect(parseParentMessage(message)).toEqual(message);
  });

  it('drops what is not an editor message, or is malformed', () => {
    const bad: unknown[] = [
      null,
      'patch',
      { type: 'ready' },
      { type: 'init', keys: 'Backspace', scroll: null },
      { type: 'init', keys: [3], scroll: null },
      { type: 'init', keys: [], scroll: { y: 1 } },
      { type: 'init', keys: [] },
      { type: 'patch', html: null },
      { type: 'track', ids: ['ok', ''] },
      { type: 'track', ids: 'hero' },
      { type: 'edit', id: 'x', text: 'a' },
      { type: 'edit', id: 'x', text: 1, singleLine: false },
      { type: 'reveal' },
      { type: 'classes', id: 'hero', remove: [], add: ['p-4'] },
      { type: 'classes', key: Number.NaN, id: 'hero', remove: [], add: ['p-4'] },
      { type: 'classes', key: 1, id: '', remove: [], add: ['p-4'] },
      { type: 'classes', key: 1, id: 'hero', remove: 'p-2', add: ['p-4'] },
      { type: 'classes', key: 1, id: 'hero', remove: [], add: ['p-4 m-2'] },
      { type: 'classes', key: 1, id: 'hero', remove: [], add: [''] },
      { type: 'classes', key: 1, id: 'hero', remove: [], add: [4] },
      { type: 'settle', key: 1 },
      { type: 'hide', key: 1 },
      { type: 'move', key: 1, id: 'a', at: { into: 'b', index: -1 } },
      { type: 'move', key: 1, id: 'a', at: { into: 'b', index: 1.5 } },
      { type: 'move', key: 1, id: 'a', at: { into: 'b' } },
      { type: 'move', key: 1, id: 'a', at: { after: '' } },
      { type: 'insert', key: 1, copy: 7, label: '', at: { after: 'a' } },
      { type: 'insert', key: 1, copy: null, label: 'Heading', at: null },
      { type: 'insert', key: 1, copy: null, at: { after: 'a' } },
      { type: 'hide', key: 'x', id: 'hero' },
      { type: 'settle', key: '1', revert: false },
      { type: 'settle', key: 1, revert: 'yes' },
      { type: 'css' },
      { type: 'css', css: ['.a{}'] },
      { type: 'text', key: 1, id: 'hero', text: 3 },
      { type: 'fragment', parts: [{ id: '', html: '' }], css: { classes: [], theme: [], global: [] } },
      { type: 'fragment', parts: [], css: { classes: [{ name: 'a b', after: null, rules: [] }], theme: [], global: [] } },
      { type: 'fragment', parts: [], css: { classes: [], theme: [{ name: 'color', value: 'red' }], global: [] } },
      // A token's value cannot end its rule and start another.
      { type: 'fragment', parts: [], css: { classes: [], theme: [{ name: '--x', value: 'red } body { color: red' }], global: [] } },
      { type: 'fragment', parts: [], css: { classes: [], theme: [], global: ['.a { color: red; }'] } },
      { type: 'fragment', parts: [] },
    ];
    for (const message of bad) expect(parseParentMessage(message), JSON.stringify(message)).toBeNull();
  });
});

describe('instant style messages at their limits', () => {
  it('takes at most LIMITS.classes classes of at most LIMITS.className characters', () => {
    const many = Array.from({ length: LIMITS.classes }, (_, i) => `p-${i}`);
    expect(parseParentMessage({ type: 'classes', key: 1, id: 'a', remove: many, add: [] })).not.toBeNull();
    expect(parseParentMessage({ type: 'classes', key: 1, id: 'a', remove: [...many, 'm-1'], add: [] })).toBeNull();
    const long = 'x'.repeat(LIMITS.className);
    expect(parseParentMessage({ type: 'classes', key: 1, id: 'a', remove: [], add: [long] })).not.toBeNull();
    expect(parseParentMessage({ type: 'classes', key: 1, id: 'a', remove: [], add: [`${long}x`] })).toBeNull();
  });

  it('takes CSS up to LIMITS.css characters', () => {
    expect(parseParentMessage({ type: 'css', css: 'a'.repeat(LIMITS.css) })).not.toBeNull();
    expect(parseParentMessage({ type: 'css', css: 'a'.repeat(LIMITS.css + 1) })).toBeNull();
  });

  it('keeps only the fields it knows', () => {
    const parsed = parseParentMessage({ type: 'settle', key: 3, revert: true, extra: { __proto__: { polluted: true } } });
    expect(parsed).toEqual({ type: 'settle', key: 3, revert: true });
  });
});
