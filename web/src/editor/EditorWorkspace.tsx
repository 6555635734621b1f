import { useEffect, type ReactNode } from 'react';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { Canvas } from './canvas/Canvas.tsx';
import { useEditor, useEditorStore } from '../site/store/context.tsx';
import { canvasAppearance } from '../site/store/store.ts';

/**
 * The screens that show the canvas (pages and design) share one workspace: a resizable left sidebar,
 * the live canvas in the centre and a resizable right sidebar (the editor's popups are the site layout's).
 */
export function EditorWorkspace({
  left,
  leftLabel,
  right,
  rightLabel,
}: {
  left: ReactNode;
  leftLabel: string;
  right: ReactNode;
  rightLabel: string;
}) {
  useAppearanceFollowsTheme();
  useAltMeasure();
  const failed = useEditor((s) => s.loadFailed);
  if (failed)
    return (
      <main className="flex flex-1 items-center justify-center text-sm text-gray-600" role="alert">
        The site could not be loaded.
      </main>
    );
  return (
    <>
      <ResizableSidebar name="editor-left" label={leftLabel} className="border-r border-gray-200 bg-white">
        {left}
      </ResizableSidebar>
      <main id="main" className="relative flex min-w-0 flex-1 flex-col">
        <Canvas />
      </main>
      <ResizableSidebar name="editor-right" label={rightLabel} side="right" className="border-l border-gray-200 bg-white">
        {right}
      </ResizableSidebar>
    </>
  );
}

/**
 * The theme's appearance decides the canvas's (unless auto). An edit's preview is asked for with the
 * appearance before it; when the theme's changes by other means (undo, redo, someone else) the canvas
 * is fetched again once no edit is on its way.
 */
function useAppearanceFollowsTheme() {
  const store = useEditorStore();
  useEffect(() => {
    // Asked once per appearance, not on every state change while the answer is on its way.
    let asked: string | null = null;
    return store.subscribe((s) => {
      if (s.saving > 0 || !s.preview || !s.site) return;
      const want = canvasAppearance(s);
      if (want === s.preview.appearance) asked = null;
      else if (asked !== want) {
        asked = want;
        void s.refreshPreview();
      }
    });
  }, [store]);
}

/** Holding Alt over the editor shows the distance measure after 100 ms; letting go (or leaving the window) hides it. */
function useAltMeasure() {
  const store = useEditorStore();
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key === 'Alt' && !e.repeat) store.getState().holdAlt(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === 'Alt') store.getState().holdAlt(false);
    };
    const leave = () => store.getState().holdAlt(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', leave);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', leave);
      leave();
    };
  }, [store]);
}
