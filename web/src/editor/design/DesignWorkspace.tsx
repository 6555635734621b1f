import { useEffect, type ReactNode } from 'react';
import { ResizableSidebar } from '../../ui/ResizableSidebar.tsx';
import { Canvas } from '../canvas/Canvas.tsx';
import { EditorPopups } from '../popups/EditorPopups.tsx';
import { useEditor, useEditorStore } from '../store/context.tsx';
import { canvasAppearance } from '../store/store.ts';
import { DesignMenu } from './DesignMenu.tsx';

/**
 * The design screens share the pages route's workspace: the design menu on the left, the live canvas
 * in the centre (every edit's answer replaces its preview), and the screen's form on the right.
 */
export function DesignWorkspace({ label, children }: { label: string; children: ReactNode }) {
  useAppearanceFollowsTheme();
  const failed = useEditor((s) => s.loadFailed);
  if (failed)
    return (
      <main className="flex flex-1 items-center justify-center text-sm text-gray-600" role="alert">
        The site could not be loaded.
      </main>
    );
  return (
    <>
      <ResizableSidebar name="editor-left" label="Design menu" className="border-r border-gray-200 bg-white">
        <DesignMenu />
      </ResizableSidebar>
      <main id="main" className="relative flex min-w-0 flex-1 flex-col">
        <Canvas />
      </main>
      <ResizableSidebar name="editor-right" label={label} side="right" className="border-l border-gray-200 bg-white">
        <div className="h-full overflow-y-auto text-[12px] text-gray-800">{children}</div>
      </ResizableSidebar>
      <EditorPopups />
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

/** Grey bars while the site's theme loads (skeletons, not spinners: EDITOR-UX "Density and calm"). */
export function PanelSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-3 p-3" aria-hidden="true" data-testid="design-skeleton">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="h-7 rounded bg-gray-100" />
      ))}
    </div>
  );
}
