import type { ApiError, PagewrightClient } from '@pagewright/sdk';
import type { EditorState, EditorStore } from '../store/store.ts';

/** What an action works with: the site's editor store, the typed client, and the app's notices. */
export interface ActionContext {
  store: EditorStore;
  api: PagewrightClient;
  /** A short confirmation, e.g. 'Checkpoint saved'. */
  notify(text: string): void;
  showError(error: ApiError): void;
  /** Asks before an irreversible step; resolves true to go on. */
  confirm(question: { title: string; text: string; confirmLabel: string; danger?: boolean }): Promise<boolean>;
  /** Opens a new tab now (inside the user's click) whose address is given later, or which is closed. */
  openTab(): { go(url: string): void; close(): void };
  /** Hands a file to the browser's download. */
  save(blob: Blob, name: string): void;
  /** Leaves the editor for the sites list. */
  leave(): void;
}

/**
 * One editor command (Excalidraw's actions): menus, shortcuts and the command palette dispatch it by
 * name, so there is one way to do each thing. `keys` use `Mod` for Cmd on macOS and Ctrl elsewhere.
 */
export interface Action<Arg = void> {
  name: string;
  /** The spec's words, shown in menus, tooltips and the shortcut sheet. */
  label: string;
  keys?: readonly string[];
  /** Whether performing it enters the undo history. */
  recordsHistory: boolean;
  /** Greyed out in menus, and its shortcut does nothing, unless this holds. */
  enabled?(state: EditorState): boolean;
  /**
   * Offered by the command palette (Cmd/Ctrl+K), which runs it without an argument: an action with a
   * key binding is, as its shortcut runs it the same way; others say so here.
   */
  palette?: boolean;
  perform(ctx: ActionContext, arg: Arg): unknown;
}

// Registered actions take their argument from the caller; the registry stores them loosely typed.
const registry = new Map<string, Action<never>>();

export function defineAction<Arg = void>(action: Action<Arg>): Action<Arg> {
  if (registry.has(action.name)) throw new Error(`Editor action ${action.name} is registered twice`);
  registry.set(action.name, action);
  return action;
}

export function registeredActions(): Action<never>[] {
  return [...registry.values()];
}

/** The actions the command palette offers: those that run without an argument. */
export function paletteActions(): Action<never>[] {
  return registeredActions().filter((a) => a.palette ?? (a.keys?.length ?? 0) > 0);
}

/** Whether the action may run now: the editor is writable for history actions, and its own rule holds. */
export function canPerform<Arg>(action: Action<Arg>, state: EditorState): boolean {
  if (action.recordsHistory && state.readOnly) return false;
  return action.enabled ? action.enabled(state) : true;
}

/** Runs an action when it may run; resolves to whether it ran. */
export async function perform<Arg>(ctx: ActionContext, action: Action<Arg>, arg: Arg): Promise<boolean> {
  if (!canPerform(action, ctx.store.getState())) return false;
  await action.perform(ctx, arg);
  return true;
}

export interface KeyLike {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether a key event matches a binding such as `Mod+Shift+d` or `Backspace`. */
export function matchesKey(binding: string, event: KeyLike): boolean {
  const parts = binding.split('+');
  const key = parts.pop()!.toLowerCase();
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  const mod = event.metaKey || event.ctrlKey;
  if (mods.has('mod') !== mod) return false;
  if (mods.has('shift') !== event.shiftKey) return false;
  if (mods.has('alt') !== event.altKey) return false;
  return event.key.toLowerCase() === key;
}

/** The action a key event triggers, if any (the first registered binding wins). */
export function actionForKey(event: KeyLike): Action<never> | undefined {
  for (const action of registry.values()) {
    if (action.keys?.some((binding) => matchesKey(binding, event))) return action;
  }
  return undefined;
}

/** A binding as a person reads it: `⌘⇧D` on macOS, `Ctrl+Shift+D` elsewhere. */
export function keyLabel(binding: string, mac: boolean): string {
  const parts = binding.split('+');
  const key = parts.pop()!;
  const shown = key.length === 1 ? key.toUpperCase() : key;
  if (mac) {
    const symbols: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥' };
    return parts.map((p) => symbols[p] ?? p).join('') + shown;
  }
  return [...parts.map((p) => (p === 'Mod' ? 'Ctrl' : p)), shown].join('+');
}
