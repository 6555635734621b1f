import { useEffect, useState, useSyncExternalStore, type PointerEvent } from 'react';
import '../../site/actions/index.ts';
import { perform } from '../../site/actions/registry.ts';
import { selectComponent } from '../../site/actions/selection.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { currentSections } from '../../site/store/store.ts';
import { BRIDGE } from './bridgeScript.ts';
import { FrameConnection } from './connection.ts';
import { EmptyPage } from './EmptyPage.tsx';
import { frameLayout, type Size } from './geometry.ts';
import { Overlays } from './Overlays.tsx';
import { ResizeHandle } from './ResizeHandle.tsx';

const EASE = '200ms cubic-bezier(0.2, 0, 0, 1)';

function useElementSize(element: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** Grey bars where the page will be, while its first preview loads. */
function FrameSkeleton() {
  return (
    <div className="absolute inset-0 flex animate-pulse flex-col gap-4 bg-white p-10" aria-hidden="true" data-testid="canvas-skeleton">
      <div className="h-6 w-1/4 rounded bg-neutral-200" />
      <div className="mt-10 h-10 w-2/3 rounded bg-neutral-200" />
      <div className="h-4 w-1/2 rounded bg-neutral-200" />
      <div className="mt-8 h-48 w-full rounded bg-neutral-100" />
    </div>
  );
}

/**
 * The centre of the editor: the page as the server renders it, in a sandboxed frame whose only
 * script is our bridge, with the editor's outlines drawn over it. It fills the column it is placed in;
 * the frame is the preview width (or fitted to the column), zoomed, centred on a grey canvas.
 */
export function Canvas() {
  const ctx = useActionContext();
  const [connection] = useState(() => new FrameConnection(ctx, BRIDGE, window.location.origin));
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const view = useSyncExternalStore(connection.subscribe, connection.getView);
  const size = useElementSize(viewport);

  const prefs = useEditor((s) => s.view);
  const zoom = useEditor((s) => s.zoom);
  const hasPreview = useEditor((s) => s.preview !== null);
  const empty = useEditor((s) => s.site !== null && s.pages.some((p) => p.id === s.pageId) && currentSections(s).length === 0);

  useEffect(() => {
    if (!frame) return;
    connection.attach(frame);
    return () => connection.detach();
  }, [connection, frame]);

  const layout = size ? frameLayout(size, prefs, zoom) : null;
  // The zoom label says what the canvas shows: the fit factor times the zoom.
  const scale = layout?.scale;
  useEffect(() => {
    if (scale !== undefined) ctx.store.getState().setScale(scale);
  }, [ctx, scale]);
  const transition = dragging ? 'none' : `width ${EASE}, height ${EASE}, left ${EASE}, transform ${EASE}`;

  // The pointer on the grey canvas or a handle is over no component (the frame reports its own hover).
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== frame && ctx.store.getState().hoveredId !== null) ctx.store.getState().hover(null);
  }

  // A press on the grey canvas itself (not the page, a handle or the empty state) clears the selection.
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.canvasBackground !== undefined)
      void perform(ctx, selectComponent, { id: null });
  }

  return (
    <div className="relative h-full min-h-0 w-full min-w-0 flex-1 overflow-hidden bg-neutral-200 dark:bg-neutral-800" data-testid="canvas">
      <div
        ref={setViewport}
        className="absolute inset-0 overflow-x-auto overflow-y-hidden"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
      >
        {layout && (
          <div className="relative h-full" style={{ width: layout.content.width }} data-canvas-background="">
            <div
              className="absolute top-0 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.06),0_2px_12px_rgb(0_0_0/0.08)] dark:bg-neutral-900"
              style={{ left: layout.left, width: layout.shown.width, height: layout.shown.height, transition }}
              data-testid="canvas-frame"
            >
              <iframe
                ref={setFrame}
                title="Canvas"
                sandbox="allow-scripts"
                // What the page's embeds may ask for (a player's full screen, protected media), as on the site.
                allow="autoplay *; encrypted-media *; fullscreen *; picture-in-picture *"
                referrerPolicy="no-referrer"
                className={`block origin-top-left border-0 bg-white ${empty ? 'invisible' : ''}`}
                style={{
                  width: layout.frame.width,
                  height: layout.frame.height,
                  transform: `scale(${layout.scale})`,
                  transition,
                  pointerEvents: dragging ? 'none' : undefined,
                }}
              />
              {!hasPreview && !empty && <FrameSkeleton />}
              {empty && <EmptyPage />}
              {/* Remounted when the frame's size changes, so the marks fade in once it has settled. */}
              <div
                key={dragging ? 'dragging' : `${prefs.previewWidth}:${layout.scale}`}
                className="pointer-events-none absolute inset-0 animate-fade-in [animation-delay:180ms] [animation-fill-mode:both]"
              >
                <Overlays boxes={view.boxes} scale={layout.scale} bounds={layout.shown} editingId={view.editingId} />
              </div>
              <ResizeHandle side="left" width={prefs.previewWidth} scale={layout.scale} onDrag={setDragging} />
              <ResizeHandle side="right" width={prefs.previewWidth} scale={layout.scale} onDrag={setDragging} />
              {dragging && (
                <div className="pointer-events-none absolute top-2 left-1/2 -translate-x-1/2 rounded bg-neutral-900/85 px-2 py-0.5 text-[11px] font-medium text-white tabular-nums">
                  {prefs.previewWidth} px
                </div>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
