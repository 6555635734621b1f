/**
 * The canvas bridge: the one script that runs in the editor's preview frame (allowed there by its
 * hash; the page's own scripts are not). It reports pointer, click, keyboard and text events and the
 * boxes of the components the editor outlines, and applies the editor's patches, all through the
 * validated messages of ../messages.ts. Built to an IIFE by the `virtual:canvas-bridge` Vite plugin.
 */
import { matchesKey } from '../../../site/actions/registry.ts';
import { parentIdOf } from '../../../site/store/document.ts';
import { parseParentMessage, type BridgeMessage, type ParentMessage } from '../messages.ts';
import { createEditing } from './editing.ts';
import { createForcedState } from './forceState.ts';
import { createInstant } from './instant.ts';
import { boxesOf, createMeasure, selectorFor } from './measure.ts';
import { applyFragment } from './fragment.ts';
import { applyPatch } from './morph.ts';
import { reveal } from './reveal.ts';

const TEXT_FIELDS = 'input, textarea, select, [contenteditable]';
/** Page controls that would take focus or open on a press; the editor selects them instead. */
const CONTROLS = 'input, textarea, select, button, summary, label, option';

const doc = document;
const token = doc.querySelector('meta[name="pw-bridge"]')?.getAttribute('content') ?? '';

function post(message: BridgeMessage): void {
  window.parent.postMessage({ ...message, token }, '*');
}

const componentOf = (target: EventTarget | null): Element | null => (target instanceof Element ? target.closest('[data-pw-id]') : null);
const idOf = (element: Element | null) => element?.getAttribute('data-pw-id') ?? null;

let keys: string[] = [];
let hovered: string | null = null;
let lastDoubleClick: { x: number; y: number } | null = null;

const forced = createForcedState(doc);
const instant = createInstant(doc);
const measure = createMeasure(doc, (boxes, scroll) => post({ type: 'boxes', boxes, scroll }));
const editing = createEditing(doc, {
  input: (id, text) => {
    post({ type: 'input', id, text });
    measure.schedule();
  },
  end: (id, text) => post({ type: 'editEnd', id, text }),
});

function handle(message: ParentMessage): void {
  switch (message.type) {
    case 'init':
      keys = message.keys;
      if (message.scroll) window.scrollTo(message.scroll.x, message.scroll.y);
      break;
    case 'patch':
      instant.patching();
      applyPatch(doc, message.html, { keep: editing.host() });
      instant.patched();
      editing.check();
      forced.refresh();
      measure.changed();
      break;
    case 'fragment': {
      instant.patching();
      const ok = applyFragment(doc, message.parts, message.css, editing.host());
      instant.patched();
      editing.check();
      forced.patched(message.css.classes.flatMap((c) => c.rules));
      measure.changed();
      if (!ok) post({ type: 'stale' });
      break;
    }
    case 'classes':
      instant.show(message.key, { id: message.id, remove: message.remove, add: message.add });
      measure.changed();
      break;
    case 'text':
      instant.text(message.key, message.id, message.text);
      measure.changed();
      break;
    case 'hide':
      instant.hide(message.key, message.id);
      measure.changed();
      break;
    case 'move':
      instant.move(message.key, message.id, message.at);
      measure.changed();
      break;
    case 'insert':
      instant.insert(message.key, message.copy, message.label, message.at);
      measure.changed();
      break;
    case 'settle':
      instant.settle(message.key, message.revert);
      if (message.revert) measure.changed();
      break;
    case 'css':
      instant.css(message.css);
      // A forced hover or focus copies the page's state rules: the new ones too.
      forced.refresh();
      measure.changed();
      break;
    case 'track':
      measure.track(message.ids);
      break;
    case 'edit':
      editing.start(message.id, message.text, message.singleLine, lastDoubleClick);
      measure.schedule();
      break;
    case 'endEdit':
      editing.finish();
      break;
    case 'force':
      forced.set(message.id, message.state);
      measure.changed();
      break;
    case 'reveal': {
      const element = doc.querySelector(selectorFor(message.id));
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (element) reveal(doc, element, !reduced);
      break;
    }
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const message = parseParentMessage(event.data);
  if (message) handle(message);
});

doc.addEventListener(
  'pointermove',
  (event) => {
    const element = componentOf(event.target);
    const id = idOf(element);
    if (id === hovered) return;
    hovered = id;
    post({ type: 'hover', id, boxes: id ? boxesOf(doc, [id]) : [] });
  },
  { passive: true },
);

// Leaving the frame: the pointer is over no component of the page.
doc.addEventListener('mouseout', (event) => {
  if (event.relatedTarget !== null || hovered === null) return;
  hovered = null;
  post({ type: 'hover', id: null, boxes: [] });
});

doc.addEventListener(
  'pointerdown',
  (event) => {
    if (event.button !== 0 || editing.contains(event.target as Node)) return;
    const target = event.target instanceof Element ? event.target : null;
    // Page controls do not take focus or open; pressing one selects it like any component.
    if (target?.closest(CONTROLS)) event.preventDefault();
    const id = idOf(componentOf(event.target));
    const parent = id ? parentIdOf(id) : null;
    // The boxes travel with the click, so the selection outline draws in the same frame.
    post({ type: 'click', id, boxes: boxesOf(doc, parent ? [id!, parent] : id ? [id] : []) });
  },
  { capture: true },
);

// Links do not navigate, forms do not submit, buttons do nothing: the preview is for selecting.
for (const type of ['click', 'auxclick', 'submit']) {
  doc.addEventListener(
    type,
    (event) => {
      if (!editing.contains(event.target as Node)) event.preventDefault();
    },
    { capture: true },
  );
}

doc.addEventListener(
  'dblclick',
  (event) => {
    if (editing.contains(event.target as Node)) return;
    const id = idOf(componentOf(event.target));
    if (!id) return;
    lastDoubleClick = { x: event.clientX, y: event.clientY };
    post({ type: 'dblclick', id });
  },
  { capture: true },
);

// Holding Alt shows the distance measure (spec 001 §4), wherever the keyboard focus is.
window.addEventListener('keydown', (event) => {
  if (event.key === 'Alt' && !event.repeat) post({ type: 'alt', down: true });
});
window.addEventListener('keyup', (event) => {
  if (event.key === 'Alt') post({ type: 'alt', down: false });
});
window.addEventListener('blur', () => post({ type: 'alt', down: false }));

window.addEventListener('keydown', (event) => {
  if (editing.editing() !== null) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TEXT_FIELDS)) return;
  if (!keys.some((binding) => matchesKey(binding, event))) return;
  event.preventDefault();
  const { key, metaKey, ctrlKey, shiftKey, altKey } = event;
  post({ type: 'key', key: { key, metaKey, ctrlKey, shiftKey, altKey } });
});

const ready = () => post({ type: 'ready' });
if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', ready, { once: true });
else ready();
