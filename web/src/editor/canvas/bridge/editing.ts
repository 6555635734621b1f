/**
 * Inline text editing in the frame: the component's element (or the part of it that holds its own
 * text, beside an icon or child components) becomes a plain-text contenteditable showing the raw
 * value (inline marks such as `**bold**` stay visible while typing, so nothing is lost on save).
 */

export interface EditCallbacks {
  input(id: string, text: string): void;
  end(id: string, text: string): void;
}

interface Session {
  id: string;
  host: Element;
  target: HTMLElement;
  initial: string;
  restore(): void;
  stop(): void;
}

/** Elements inside a text component that are not its own text: an icon, or child components. */
const NOT_OWN_TEXT = 'svg, [data-pw-id]';

function makeEditable(target: HTMLElement): void {
  try {
    target.contentEditable = 'plaintext-only';
  } catch {
    // Browsers without plain-text editing: rich editing, with pastes turned into plain text below.
    target.contentEditable = 'true';
  }
}

/**
 * The text of the element as typed: line breaks as `\n`, no trailing break a browser adds. Read from
 * the text nodes, not `innerText`, which answers the text as styled (`uppercase` would save capitals).
 */
export function typedText(target: HTMLElement): string {
  let out = '';
  const walk = (parent: Node) => {
    for (const child of parent.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) out += (child as Text).data;
      else if (child.nodeName === 'BR') out += '\n';
      else if (child.nodeType === Node.ELEMENT_NODE) {
        // A browser may wrap a new line in a block of its own.
        if ((child.nodeName === 'DIV' || child.nodeName === 'P') && out !== '' && !out.endsWith('\n')) out += '\n';
        walk(child);
      }
    }
  };
  walk(target);
  return out.replace(/\r\n?/g, '\n').replace(/\n$/, '');
}

/** Puts the caret where the user double-clicked, else selects the whole text. */
function placeCaret(doc: Document, target: HTMLElement, point: { x: number; y: number } | null): void {
  const selection = doc.getSelection();
  if (!selection) return;
  const range = doc.createRange();
  const hit = point && typeof doc.caretRangeFromPoint === 'function' ? doc.caretRangeFromPoint(point.x, point.y) : null;
  if (hit && target.contains(hit.startContainer)) {
    range.setStart(hit.startContainer, hit.startOffset);
    range.collapse(true);
  } else {
    range.selectNodeContents(target);
  }
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Replaces the component's own text (beside an icon or child components) with `text`; answers the
 * element holding it and how to put the text it had back.
 */
export function prepare(doc: Document, host: Element, text: string): { target: HTMLElement; restore(): void } {
  const own = [...host.childNodes].filter((n) => !(n instanceof Element && (n.matches(NOT_OWN_TEXT) || n.querySelector(NOT_OWN_TEXT))));
  if (own.length === host.childNodes.length && host instanceof HTMLElement) {
    const saved = [...host.childNodes];
    host.textContent = text;
    return { target: host, restore: () => host.replaceChildren(...saved) };
  }
  const span = doc.createElement('span');
  span.textContent = text;
  const anchor = own[0] ?? null;
  host.insertBefore(span, anchor ?? host.querySelector(':scope > [data-pw-id]'));
  for (const n of own) n.remove();
  return {
    target: span,
    restore: () => {
      span.replaceWith(...own);
    },
  };
}

export function createEditing(doc: Document, callbacks: EditCallbacks) {
  let session: Session | null = null;

  function finish() {
    const current = session;
    if (!current) return;
    session = null;
    current.stop();
    const text = current.target.isConnected ? typedText(current.target) : current.initial;
    current.target.removeAttribute('contenteditable');
    // Unchanged: show the rendered text again. Changed: the save's answer patches it in shortly.
    if (text === current.initial && current.target.isConnected) current.restore();
    callbacks.end(current.id, text);
  }

  function start(id: string, text: string, singleLine: boolean, point: { x: number; y: number } | null) {
    finish();
    const host = doc.querySelector(`[data-pw-id="${CSS.escape(id)}"]`);
    if (!host) return;
    const { target, restore } = prepare(doc, host, text);
    makeEditable(target);
    // The editor draws its own outline over the frame; the browser's focus ring would double it.
    const outline = target.style.outline;
    target.style.outline = 'none';

    const onInput = () => callbacks.input(id, typedText(target));
    const onKey = (event: KeyboardEvent) => {
      // The editor's shortcuts do not fire while typing; these two leave editing.
      event.stopPropagation();
      const leaves = event.key === 'Escape' || (event.key === 'Enter' && singleLine && !event.shiftKey);
      // A one-line text takes no line break at all.
      if (leaves || (event.key === 'Enter' && singleLine)) event.preventDefault();
      if (leaves) {
        target.blur();
        finish();
      }
    };
    const onPaste = (event: ClipboardEvent) => {
      if (target.contentEditable === 'plaintext-only' && !singleLine) return;
      event.preventDefault();
      const pasted = event.clipboardData?.getData('text/plain') ?? '';
      doc.execCommand('insertText', false, singleLine ? pasted.replace(/\s*\n\s*/g, ' ') : pasted);
    };
    target.addEventListener('input', onInput);
    target.addEventListener('keydown', onKey);
    target.addEventListener('paste', onPaste);
    target.addEventListener('blur', finish);
    session = {
      id,
      host,
      target,
      initial: text,
      restore,
      stop: () => {
        target.style.outline = outline;
        if (!target.getAttribute('style')) target.removeAttribute('style');
        target.removeEventListener('input', onInput);
        target.removeEventListener('keydown', onKey);
        target.removeEventListener('paste', onPaste);
        target.removeEventListener('blur', finish);
      },
    };
    target.focus({ preventScroll: true });
    placeCaret(doc, target, point);
  }

  return {
    start,
    finish,
    /** The component element the morph must leave alone while its text is being typed. */
    host: () => session?.host ?? null,
    editing: () => session?.id ?? null,
    /** After a patch: editing ends if the component is gone. */
    check() {
      if (session && !session.host.isConnected) finish();
    },
    contains: (node: Node | null) => !!session && !!node && session.target.contains(node),
  };
}

export type Editing = ReturnType<typeof createEditing>;
