import { createContext, useContext, type ReactNode } from 'react';
import { useStore as useZustand } from 'zustand';
import type { ActionContext } from '../actions/registry.ts';
import type { EditorState, EditorStore } from './store.ts';

const EditorContext = createContext<ActionContext | null>(null);

/** Gives a site's screens its editor store and the context its actions run in. */
export function EditorProvider({ value, children }: { value: ActionContext; children: ReactNode }) {
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

/** The context editor actions run in (the store, the client, notices). */
export function useActionContext(): ActionContext {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useActionContext needs an EditorProvider above it');
  return ctx;
}

export function useEditorStore(): EditorStore {
  return useActionContext().store;
}

/** Subscribes to a slice of the open site's editor store (use `useShallow` for derived objects). */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useZustand(useEditorStore(), selector);
}
