import { actionForKey, canPerform, perform, type ActionContext, type KeyLike } from './registry.ts';

const TEXT_FIELDS = 'input, textarea, select, [contenteditable="true"], [contenteditable=""]';
/** Controls whose own keys (Enter, Space, Tab, arrows, Backspace) must keep working for them. */
const CONTROLS =
  'button, a[href], [role="menu"], [role="menuitem"], [role="dialog"], [role="tree"], [role="treeitem"], [role="tab"], [role="slider"]';

/**
 * Whether a key belongs to the element it was typed in rather than to the editor: never fire a
 * shortcut while typing in a field (issue 13 item 9), and leave plain keys to focused controls
 * (Cmd/Ctrl shortcuts still work when a button has focus).
 */
export function keyBelongsToTarget(target: EventTarget | null, event: KeyLike): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest(TEXT_FIELDS)) return true;
  const modified = event.metaKey || event.ctrlKey;
  return !modified && element.closest(CONTROLS) !== null;
}

/**
 * Runs the action bound to a key, if one is and it may run now; true when it ran (the caller then
 * prevents the browser's own handling). Keys from the canvas frame come here too, via the bridge.
 */
export function dispatchKey(ctx: ActionContext, event: KeyLike): boolean {
  const action = actionForKey(event);
  if (!action || !canPerform(action, ctx.store.getState())) return false;
  void perform(ctx, action, undefined as never);
  return true;
}
