import { useCallback } from 'react';
import { useActionContext, useEditor } from '../store/context.tsx';
import { canPerform, perform, type Action } from './registry.ts';

/** An action as a control uses it: whether it may run now, and a function that runs it. */
export function useAction<Arg>(action: Action<Arg>): { enabled: boolean; run: (arg: Arg) => Promise<boolean> } {
  const ctx = useActionContext();
  const enabled = useEditor((s) => canPerform(action, s));
  const run = useCallback((arg: Arg) => perform(ctx, action, arg), [ctx, action]);
  return { enabled, run };
}
