import { useEffect } from 'react';
import type { ActionContext } from '../actions/registry.ts';
import { dispatchKey, keyBelongsToTarget } from '../actions/keyboard.ts';

/** The editor's shortcuts on the app window (the canvas frame forwards its keys through the bridge). */
export function useEditorKeys(ctx: ActionContext): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || keyBelongsToTarget(event.target, event)) return;
      if (dispatchKey(ctx, event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ctx]);
}
